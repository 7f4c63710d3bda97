// SPDX-License-Identifier: GPL-3.0-or-later
#include "CommandHelp.h"

#include "model/ModelLibrary.h"

namespace slicewatt::cli {

const char* const kUsage = "Usage: slicewatt-cli COMMAND [OPTIONS] PATH...\n"
                           "       slicewatt-cli COMMAND --help    (the command's own options)\n"
                           "\n"
                           "Static GPU power analysis of CUDA programs by memory-space slicing.\n"
                           "PATH is a folder (searched recursively), .cu/.cuh files, or a compile_commands.json.\n"
                           "No CUDA installation is needed.\n"
                           "\n"
                           "Commands:\n"
                           "  kernels    list every kernel: file, line, launch sites with grid/block values\n"
                           "             where they are compile-time constants, diagnostics per file\n"
                           "  slices     each kernel's memory-space slices (global, shared, constant,\n"
                           "             texture): length, arithmetic and memory operations weighted by\n"
                           "             loop trip counts, intensity, branch class, assumptions\n"
                           "  analyze    slice and program power (W) per kernel with a published model:\n"
                           "             BSPM for branch-sparse, BDPM for branch-dense kernels, hot lines\n"
                           "             (also spelt analyse)\n"
                           "  report     the PDF report (as the desktop app's File > Export Report): summary,\n"
                           "             hottest lines, per kernel the heat-coloured source, slices, plots and\n"
                           "             assumptions, the method: report PATH... -o FILE.pdf [--title TEXT]\n"
                           "             [--baseline SAVED.json] [the analyze options --gpu ... --counting]\n"
                           "  compare    what a change does to the predicted power and energy: compare BASE NEW\n"
                           "             (each a saved analyze --format json or a folder) or --git-rev REV PATH\n"
                           "             [--fail-on-increase PCT] [the analyze options]; --format table, json,\n"
                           "             markdown, csv or sarif (with baselineState)\n"
                           "  fit        fit a model form to measured power (CSV with saturation,\n"
                           "             intensity, watts) and write a model file: fit CSV --gpu ID\n"
                           "             --id MODEL [--form jos13|jos13-idle|linear-intensity] -o FILE\n"
                           "  train-wnn  train the wavelet network on measurements (CSV with intensity,\n"
                           "             saturation, lines, gpu, watts), or with --surfaces on the published\n"
                           "             surfaces (reproduces models/wnn-default.json): -o FILE [--seed N]\n"
                           "  train-ptx-model\n"
                           "             the PTX + XGBoost model (Alavani et al.): PTX features of every measured\n"
                           "             launch, validated with whole kernels held out, trained per GPU\n"
                           "             (reproduces models/alavani-xgb.json): train-ptx-model CSV... -o FILE\n"
                           "  trace      import a measured power trace (nvidia-smi CSV or time_s,power_w CSV),\n"
                           "             correct the sensor's lag (t_p, short runs, idle tail) and print raw\n"
                           "             and corrected power and energy: trace FILE [--start S --end S]\n"
                           "  validate   compare the static prediction with measured program power (CSV with\n"
                           "             program, kernel, measured_w): error per program and the mean\n"
                           "             absolute percentage error: validate CSV [the analyze options]\n"
                           "  validate-measured\n"
                           "             the measured-power validation (METHOD section 11): analyse the measured\n"
                           "             kernels at every measured launch, fit every model form leaving one kernel\n"
                           "             out at a time, print each model's error beside the baselines:\n"
                           "             validate-measured CSV... [--map FILE] [--corpus DIR] [--write-model FILE]\n"
                           "               [--write-physical FILE]\n"
                           "  validate-time\n"
                           "             the time model against time per launch measured back to back (runs.csv\n"
                           "             of shared/data/h200's harness): validate-time RUNS.csv --gpu ID\n"
                           "  fit-physical\n"
                           "             the physical power model's constants for a GPU fitted to launches measured\n"
                           "             back to back, validated with whole kernels held out, into a model file:\n"
                           "             fit-physical RUNS.csv[=DRIVERS]... --gpu ID --model-file FILE;\n"
                           "             fit-physical --transfer --model-file FILE: leave-one-GPU-out\n"
                           "  ptx        each kernel's PTX (nvcc if CUDA is installed, else clang with SliceWatt's\n"
                           "             prelude): basic blocks, loops, instructions per class and per source\n"
                           "             line: ptx PATH... [--gpu ID]\n"
                           "  help       this text; help COMMAND: the command's options\n"
                           "\n"
                           "Options:\n"
                           "  -f, --format FORMAT   table (default) or json\n"
                           "  -o, --output FILE     write there (atomically) instead of stdout; report needs it\n"
                           "  -I DIR, --include DIR\n"
                           "                        add an include folder to every file\n"
                           "  -D NAME[=VALUE], --define NAME[=VALUE]\n"
                           "                        define a macro for every file\n"
                           "  --std STD             C++ standard when the build does not say (default c++17)\n"
                           "  --max-file-mb N       skip files larger than N MiB with a diagnostic (default 16)\n"
                           "  --file-time-budget S  stop analysing a file after S seconds (default 20; 0: none)\n"
                           "  -j N, --jobs N        parse N files at once (default: the cores, at most 6;\n"
                           "                        each holds a whole AST, so more costs memory)\n"
                           "  --arch sm_NN          read device code as compiled for this GPU architecture\n"
                           "                        (__CUDA_ARCH__; default sm_90)\n"
                           "  --gpu NAME            analyze: the GPU (default: the one NVML sees, else h200;\n"
                           "                        help analyze lists them)\n"
                           "  --model NAME          analyze: the power model (default: the GPU's; help analyze\n"
                           "                        lists them)\n"
                           "  --sa X                analyze: SM saturation in [0, 1] instead of the launch's\n"
                           "  --grid X[xYxZ], --block X[xYxZ]  analyze: what-if launch (blocks, threads per block)\n"
                           "  --time SECONDS        analyze: execution time, for energy (J)\n"
                           "  --delta D             analyze: BDPM drops sub-slices with probability <= D (0.01)\n"
                           "  --energy-model ID     analyze: instruction-class energy table (default aalto2013)\n"
                           "  --threads N           analyze: threads of a launch the code does not fix\n"
                           "  --static-w W          analyze: static power for total power and energy\n"
                           "  --models-dir DIR      analyze: extra model and GPU files (JSON)\n"
                           "  --trips L=N[,…]       analyze: the loop on line L runs N times\n"
                           "  --branch L=P/Q[,…]    analyze: arm probabilities of the branch on line L\n"
                           "  --arg NAME=VALUE      analyze: a kernel argument's value (KERNEL:NAME=VALUE for one\n"
                           "                        kernel, FUNCTION:NAME=VALUE for a host value a launch is\n"
                           "                        computed from); --sizes FILE instead of .slicewatt/sizes.json\n"
                           "  --compiler NAME       analyze --model alavani-xgb: nvcc or clang makes the PTX\n"
                           "  --loop-iterations N   analyze --model alavani-xgb: every PTX loop runs N times\n"
                           "  --energy-counts MODE  analyze: the time and energy models count ptx instructions,\n"
                           "                        the source's operators, or auto (PTX when compiled anyway)\n"
                           "  --counting MODE       analyze: ast (real loads/stores, default) or lexical\n"
                           "                        (one memory operation per `=`, as the papers' prototype)\n"
                           "                        (report takes every analyze option from --gpu to here)\n"
                           "  --title TEXT          report: the title on the first page\n"
                           "  -f, --format FORMAT   analyze also accepts csv and sarif (SARIF 2.1.0)\n"
                           "  --gpu ID, --id MODEL, --form FORM\n"
                           "                        fit: the GPU measured, the model's id, the model form\n"
                           "  --surfaces, --id ID, --seed N, --epochs N\n"
                           "                        train-wnn: see slicewatt-cli train-wnn --help\n"
                           "  --gpu-index N, --idle W, --start S, --end S, --lag S\n"
                           "                        trace: see slicewatt-cli trace --help\n"
                           "  -h, --help            show this help\n"
                           "  --version             show the version\n"
                           "\n"
                           "Exit status: 0 ok, 1 the analysis found errors (diagnostics on stderr), 2 usage error,\n"
                           "3 compare --fail-on-increase: a kernel's energy or power rose more than allowed.\n"
                           "The manual: man slicewatt-cli\n";

// The options of the commands that load a project (every command accepts them; fit,
// train-wnn and trace have no project to load and ignore them).
const char* const kLoadOptions = "  -I DIR, --include DIR\n"
                                 "                        add an include folder to every file\n"
                                 "  -D NAME[=VALUE], --define NAME[=VALUE]\n"
                                 "                        define a macro for every file\n"
                                 "  --std STD             C++ standard when the build does not say (default c++17)\n"
                                 "  --max-file-mb N       skip files larger than N MiB with a diagnostic (default 16)\n"
                                 "  --file-time-budget S  stop analysing a file after S seconds (default 20; 0: none)\n"
                                 "  -j N, --jobs N        parse N files at once (default: the cores, at most 6;\n"
                                 "                        each holds a whole AST, so more costs memory)\n"
                                 "  --arch sm_NN          read device code as compiled for this architecture: a file\n"
                                 "                        whose code tests __CUDA_ARCH__ is read as the device\n"
                                 "                        compiler sees it for sm_NN (default sm_90; sm_50 … sm_120)\n"
                                 "  --cache               keep parsed files (and compiled PTX) in the user cache\n"
                                 "                        folder: a later run parses and compiles only files that\n"
                                 "                        changed (or whose headers did)\n"
                                 "  --cache-dir DIR       the same, in DIR (e.g. a CI cache); written atomically,\n"
                                 "                        a damaged entry is detected and rebuilt\n"
                                 "  --fail-on-errors      exit 1 when a file has errors (default: exit 0 once the\n"
                                 "                        analysis ran; errors are reported per file and kernel)\n";

// The what-if options that analyze and report share (WhatIfOptions.cpp reads them).
const char* const kWhatIfOptions
    = "  --gpu NAME            the GPU: an id, name or alias of the catalogue below (\"H100 SXM\",\n"
      "                        \"4090\"), or one from --models-dir; default: the GPU NVML sees on\n"
      "                        this machine, else the H200 (said on stderr)\n"
      "  --gpu-spec FILE.json  a GPU outside the catalogue, from its data sheet\n"
      "                        (resources/help/gpu-spec.md); predicted with the physical model\n"
      "  --model NAME          default: the GPU's (listed below); jos13 (JoS13 regression),\n"
      "                        physical (today's GPUs), jsw12, wnn (wavelet network\n"
      "                        trained on the published surfaces), launch-activity or\n"
      "                        alavani-xgb (PTX features + XGBoost; K20, M60, V100), or one\n"
      "                        from --models-dir\n"
      "  --sa X                SM saturation in [0, 1] instead of the launch's\n"
      "  --launch FILE:LINE    estimate the kernel launched there at that launch site (its sizes\n"
      "                        and arguments); without it, each kernel at its heaviest site\n"
      "  --grid X[xY[xZ]]      what-if launch: blocks in the grid, 1000 or 1x1000 (not with --sa)\n"
      "  --block X[xY[xZ]]     what-if launch: threads per block, 256 or 16x16 (not with --sa);\n"
      "                        beyond the GPU's limits (512 or 1024 per block, 64 in z, grid\n"
      "                        x, 65535 in grid y and z) refused\n"
      "  --time SECONDS        execution time, for energy (J)\n"
      "  --delta D             BDPM drops sub-slices with probability <= D (default 0.01)\n"
      "  --energy-model ID     instruction-class energy table: aalto2013 (default) or one\n"
      "                        from --models-dir\n"
      "  --threads N           threads per launch where the code does not fix the launch\n"
      "  --static-w W          static power (W) for total power and energy with --time\n"
      "  --trips L=N[,…]       the loop on line L runs N times (every kernel with a loop there)\n"
      "  --branch L=P/Q[,…]    arm probabilities of the branch on line L, one per arm, sum 1\n"
      "  --arg NAME=VALUE[,…]  the value of every kernel's integer parameter NAME (loop bounds,\n"
      "                        bounds checks); KERNEL:NAME=VALUE for the kernels of that name\n"
      "                        only; FUNCTION:NAME=VALUE for a host function's parameter or\n"
      "                        local that a launch's grid, block or arguments are computed from\n"
      "                        (launch:n, main:n: see `kernels`); repeatable; wins over the\n"
      "                        launch's own values\n"
      "  --sizes FILE          problem sizes from FILE instead of the project's\n"
      "                        .slicewatt/sizes.json ({\"arguments\": {\"n\": 1048576}})\n"
      "  --counting MODE       ast (real loads and stores, default) or lexical (one memory\n"
      "                        operation per `=`, as the papers' prototype)\n"
      "  --models-dir DIR      extra model and GPU files (JSON) from DIR\n"
      "  --compiler NAME       --model alavani-xgb: the PTX producer, nvcc or clang (default:\n"
      "                        the one the model was trained on, when installed)\n"
      "  --loop-iterations N   --model alavani-xgb: every PTX loop runs N times (PFEA's input)\n"
      "                        instead of the analysis's trip counts\n"
      "  --energy-counts MODE  what the time and energy models count: ptx (the kernel's PTX\n"
      "                        instructions per line, by nvcc when installed, else clang; loops\n"
      "                        the compiler unrolled divided out), source (the source's\n"
      "                        operators), or auto (default: PTX when a model had it compiled)\n";

const char* const kHelpAndExit = "  -h, --help            show this help\n"
                                 "\n"
                                 "Exit status: 0 ok, 1 the analysis found errors (diagnostics on stderr), 2 usage "
                                 "error.\n";

namespace {

// The GPU catalogue for --gpu's help: today's GPUs, then the papers' boards, each with the model
// it is predicted with by default and whether that model was validated on its measured power.
QByteArray gpuCatalogueHelp()
{
    QStringList errors;
    const ModelLibrary library = ModelLibrary::load({}, errors);
    QByteArray text = "\nGPUs (--gpu takes the id, the name or an alias):\n";
    for (const bool current : {true, false}) {
        text += current ? "  current:\n" : "  historical (the papers' boards, for teaching):\n";
        for (const GpuSpec& gpu : library.gpus().gpus()) {
            if (isCurrentGpu(gpu) != current)
                continue;
            const PowerModel* model = library.defaultModelFor(gpu.id);
            const bool validated = model && model->accuracy(gpu.id);
            text += QStringLiteral("    %1 %2 default model %3%4\n")
                        .arg(gpu.id, -10)
                        .arg(gpu.name, -30)
                        .arg(model ? model->id() : QStringLiteral("-"),
                            validated ? QStringLiteral(" (validated on its measured power)") : QString())
                        .toUtf8();
        }
    }
    return text;
}

} // namespace

QByteArray commandHelp(const QString& command)
{
    QByteArray text;
    if (command == QLatin1String("kernels") || command == QLatin1String("slices")) {
        const bool kernels = command == QLatin1String("kernels");
        text = kernels ? "Usage: slicewatt-cli kernels PATH... [OPTIONS]\n\n"
                         "Lists every kernel (file, line, template, callers), its launch sites with the grid,\n"
                         "block and shared-memory values where they are compile-time constants, the device\n"
                         "functions and their callers, and the diagnostics of every file.\n"
                       : "Usage: slicewatt-cli slices PATH... [OPTIONS]\n\n"
                         "Prints, per kernel, the launch it was analysed for, its branch class, and per\n"
                         "memory-space slice (global, shared, constant, texture) the length, the loop-weighted\n"
                         "arithmetic and memory operations, the intensity and the member lines; json adds every\n"
                         "statement, per-line attribution, sub-slices and the assumptions made.\n";
        text += "PATH is a folder (searched recursively), source files, or a compile_commands.json.\n\n"
                "Options:\n"
                "  -f, --format FORMAT   table (default) or json\n"
                "  -o, --output FILE     write there (atomically) instead of stdout\n";
        text += kLoadOptions;
    } else if (command == QLatin1String("analyze") || command == QLatin1String("analyse")) {
        text = "Usage: slicewatt-cli analyze PATH... [OPTIONS]\n\n"
               "Predicts each kernel's power (W) with its band, time and energy (J) per launch on the\n"
               "GPU with its model (the physical model on today's GPUs; the papers' BSPM/BDPM on\n"
               "theirs): per slice the length, counts, intensity and power, the hottest lines, the\n"
               "assumptions, and every input outside the model's measured range.\n"
               "PATH is a folder (searched recursively), source files, or a compile_commands.json.\n\n"
               "Options:\n"
               "  -f, --format FORMAT   table (default), json, csv, or sarif (SARIF 2.1.0, one result\n"
               "                        per hot line)\n"
               "  -o, --output FILE     write there (atomically) instead of stdout\n";
        text += kWhatIfOptions;
        text += kLoadOptions;
    } else if (command == QLatin1String("report")) {
        text = "Usage: slicewatt-cli report PATH... -o FILE.pdf [OPTIONS]\n\n"
               "Writes the PDF report that the desktop app's File > Export Report writes: title block\n"
               "with every what-if, kernel summary, hottest lines, per kernel the heat-coloured source,\n"
               "slices, plots and assumptions, and the method. Needs no display. SOURCE_DATE_EPOCH\n"
               "fixes the date printed in it.\n"
               "PATH is a folder (searched recursively), source files, or a compile_commands.json.\n\n"
               "Options:\n"
               "  -o, --output FILE     the PDF to write (required); replaced only when complete\n"
               "  -f, --format pdf      the only format\n"
               "  --title TEXT          the title on the first page\n"
               "  --baseline FILE.json  open with \"Changes since the baseline\": each kernel before and\n"
               "                        after, added and removed, the lines whose heat changed most\n";
        text += kWhatIfOptions;
        text += kLoadOptions;
    } else if (command == QLatin1String("fit")) {
        text = "Usage: slicewatt-cli fit CSV [--gpu ID] -o MODEL.json [--id MODEL] [--form FORM]\n\n"
               "Fits a model form to measured power by Levenberg-Marquardt and writes a model file with\n"
               "provenance, for analyze --models-dir. CSV has a header naming its columns saturation,\n"
               "intensity and watts; # starts a comment, and '# key: value' lines before the header\n"
               "(written by slicewatt-calibrate) describe the GPU and the measurement. A GPU SliceWatt\n"
               "does not know gets a gpus-ID.json beside the model. Prints the parameters with\n"
               "standard errors.\n\n"
               "Options:\n"
               "  --gpu ID              the GPU the measurements were taken on (default: the CSV's gpu_id)\n"
               "  -o, --output FILE     the model file to write (required)\n"
               "  --id MODEL            the model's id (default GPU-FORM)\n"
               "  --form FORM           jos13 (default), jos13-idle or linear-intensity\n";
    } else if (command == QLatin1String("train-wnn")) {
        text = "Usage: slicewatt-cli train-wnn (CSV | --surfaces) -o MODEL.json [OPTIONS]\n\n"
               "Trains the JoS13 wavelet network (4 inputs, 11 Morlet wavelons) on measurements (CSV\n"
               "with the columns intensity, saturation, lines, gpu and watts) or, with --surfaces, on\n"
               "points sampled from the four published JoS13 surfaces, which reproduces\n"
               "models/wnn-default.json. Reproducible for a given seed.\n\n"
               "Options:\n"
               "  --surfaces            train on the published surfaces instead of a CSV\n"
               "  -o, --output FILE     the model file to write (required)\n"
               "  --id ID               the model's id (default wnn)\n"
               "  --seed N              the training seed (default 1)\n"
               "  --epochs N            at most N training epochs (default 20000)\n";
    } else if (command == QLatin1String("train-ptx-model")) {
        text = "Usage: slicewatt-cli train-ptx-model CSV... -o MODEL.json [OPTIONS]\n\n"
               "Trains Alavani et al.'s power model (METHOD.md section 10) per GPU: compiles each measured\n"
               "kernel's source to PTX, computes the launch features of every measured row (instructions\n"
               "per class per thread and per SM, waves, equations (1)-(4) on the GPU catalogue's pipeline\n"
               "figures), validates XGBoost with whole kernels held out beside the other models (the same\n"
               "rows) and the random split (labelled), trains on every row and writes the model file with\n"
               "its figures. Prints the figures and how the PTX features compare with the data set's own\n"
               "columns. Deterministic: models/alavani-xgb.json is\n"
               "  train-ptx-model ../shared/data/alavani/{V100,K20,M60}.csv -o models/alavani-xgb.json\n\n"
               "Options:\n"
               "  -o, --output FILE     the model file to write (required)\n"
               "  --compiler NAME       clang (default: on every Debian machine, so the file comes out the\n"
               "                        same everywhere) or nvcc\n"
               "  --loop-iterations N   run every PTX loop N times (PFEA's input) instead of the analysis's\n"
               "                        trip counts\n"
               "  --map FILE, --corpus DIR, --gpu ID, --models-dir DIR\n"
               "                        as validate-measured\n";
        text += kLoadOptions;
    } else if (command == QLatin1String("trace")) {
        text = "Usage: slicewatt-cli trace FILE [OPTIONS]\n\n"
               "Imports a power trace measured with the GPU's built-in sensor and corrects it as SC16\n"
               "does (METHOD.md section 6): learns the sensor lag t_p (the time until the reading is\n"
               "within 3 % of a run's power) from the run's rise, reads runs shorter than t_p, and the\n"
               "first t_p of longer ones, from a curve fitted to the samples t_p later, evens out the\n"
               "rest by the error-direction rule, and resets the tail after the run's end to the idle\n"
               "power. Prints t_p, the idle power, and per run the raw and corrected mean and peak\n"
               "power (W) and energy (J), and the energy counter's when the trace has one; json and\n"
               "csv add every sample.\n"
               "FILE is the output of nvidia-smi --query-gpu=timestamp,index,name,power.draw,\n"
               "power.draw.instant --format=csv -lms 10, or a CSV with the columns time_s, power_w\n"
               "and optionally energy_j (cumulative), where '# run: START END' marks a run.\n"
               "Times are seconds since the first sample (nvidia-smi) or as the file writes them.\n\n"
               "Options:\n"
               "  --start S, --end S    the run's start and end (s): when the workload ran\n"
               "  --lag S               the sensor lag t_p (s) instead of learning it from the run\n"
               "  --idle W              the GPU's idle power (W) instead of the samples before the run\n"
               "  --gpu-index N         nvidia-smi traces of several GPUs: the one to use\n"
               "  -f, --format FORMAT   table (default), json or csv (re-importable, power_w corrected)\n"
               "  -o, --output FILE     write there (atomically) instead of stdout\n";
    } else if (command == QLatin1String("compare")) {
        text = "Usage: slicewatt-cli compare BASE NEW [OPTIONS]\n"
               "       slicewatt-cli compare --git-rev REV PATH [OPTIONS]\n\n"
               "What a change does to the predicted power and energy of the project's kernels. BASE and NEW\n"
               "are each a saved analysis (slicewatt-cli analyze --format json -o FILE.json) or a folder\n"
               "(or .cu file) analysed now with the options below, so a baseline can be kept with a\n"
               "release. Kernels are paired by qualified name and signature, then by a name left once on\n"
               "each side (signature changed), then by how alike their slices are (renamed or moved, at\n"
               "least 0.95 similar); the rest are added or removed. Per kernel: power, energy per launch,\n"
               "intensity and Sa before -> after with the change, each slice's power, and the lines whose\n"
               "heat changed most, located in NEW (lines paired by their distance from the kernel's line).\n\n"
               "Options:\n"
               "  --git-rev REV         the baseline is PATH as git revision REV has it (git archive into a\n"
               "                        temporary folder; the work tree and index are not touched)\n"
               "  --fail-on-increase PCT  exit 3 when a kernel's energy per launch or power rose more\n"
               "                        than PCT percent (each named on stderr): a CI gate\n"
               "  -f, --format FORMAT   table (default), json, markdown (for a review comment), csv, or\n"
               "                        sarif (SARIF 2.1.0, each result with its baselineState)\n"
               "  -o, --output FILE     write there (atomically) instead of stdout\n";
        text += kWhatIfOptions;
    } else if (command == QLatin1String("validate")) {
        text = "Usage: slicewatt-cli validate CSV [OPTIONS]\n\n"
               "Compares SliceWatt's static prediction with measured power. CSV names measured programs:\n"
               "a header with the columns program (a .cu file, relative to the CSV), measured_w (average\n"
               "board power while it ran, W) and optionally kernel (compare with that kernel; empty: the\n"
               "mean over the program's kernels) and seconds; '# key: value' lines before the header\n"
               "describe the measurement. Each program is analysed with the model and GPU chosen below\n"
               "and the launch configuration its source gives; prints predicted and measured power, the\n"
               "error per row and the mean absolute percentage error. Rows with kernel_s (seconds kernels\n"
               "ran inside `seconds`) and context_idle_w (the board's power between kernels) also get the\n"
               "loop average f*predicted + (1-f)*context_idle_w, f = kernel_s / seconds, and its error:\n"
               "what a measurement over a whole program, host time included, should be compared with.\n\n"
               "Options:\n"
               "  -f, --format FORMAT   table (default), json or csv\n"
               "  -o, --output FILE     write there (atomically) instead of stdout\n";
        text += kWhatIfOptions;
        text += kLoadOptions;
    } else if (command == QLatin1String("ptx")) {
        text = "Usage: slicewatt-cli ptx PATH... [OPTIONS]\n\n"
               "Compiles the device code of every file that defines a kernel to PTX with line information\n"
               "(nvcc -ptx -lineinfo where a CUDA toolkit is found on PATH, in CUDA_PATH or /usr/local/cuda;\n"
               "else clang++'s NVPTX back end with SliceWatt's prelude instead of CUDA's headers), in a\n"
               "temporary folder, and prints per kernel its basic blocks, loops and instructions per class\n"
               "(compute, global, shared, local, constant, texture, param, branch, sync, other), and per\n"
               "source line the same with the loop depth. Exit status 1 when neither compiler is installed.\n"
               "PATH is a folder (searched recursively), source files, or a compile_commands.json.\n\n"
               "Options:\n"
               "  --gpu ID              compile for this GPU's architecture (default v100: sm_70; nvcc 13\n"
               "                        compiles for sm_75 and newer only and says so)\n"
               "  --compiler NAME       nvcc or clang (default: nvcc when installed, else clang)\n"
               "  -f, --format FORMAT   table (default) or json\n"
               "  -o, --output FILE     write there (atomically) instead of stdout\n";
        text += kLoadOptions;
    } else if (command == QLatin1String("fit-physical")) {
        text = "Usage: slicewatt-cli fit-physical RUNS.csv[=DRIVERS]... --gpu ID --model-file FILE\n"
               "       slicewatt-cli fit-physical --transfer --model-file FILE\n\n"
               "Corrects the physical power model's constants for one GPU (resources/help/physical-model.md)\n"
               "with launches measured back to back (RUNS.csv of shared/data/h200's harness; its drivers in\n"
               "DRIVERS, default drivers/ beside the CSV). Each kernel is analysed at the measured launch\n"
               "through the time model; the idle power is the IDLE rows' mean; the data sheet's and the\n"
               "architecture's constants (models/architectures.json) get four bounded multipliers (idle,\n"
               "busy SMs, instructions, bytes), fitted on the relative error. Validated with whole kernels\n"
               "held out (the band from inner folds), and written into FILE's entry for the GPU with every\n"
               "launch's work (other GPUs kept; a new file otherwise).\n"
               "With --transfer, nothing is measured: each measured GPU of FILE is predicted from its data\n"
               "sheet with the corrections the other GPUs' launches give (leave-one-GPU-out), the figures\n"
               "and the corrections of all GPUs (what a GPU known only from its data sheet gets) are\n"
               "written into FILE's \"transfer\", and the table printed.\n\n"
               "Options:\n"
               "  --gpu ID              the GPU measured\n"
               "  --model-file FILE     the physical model file to update (models/physical.json)\n"
               "  --models-dir DIR      extra model and GPU files (JSON) from DIR\n"
               "  --compiler NAME       count instructions from the PTX by nvcc or clang\n"
               "  --transfer            validate across GPUs from FILE alone (no RUNS.csv, no --gpu)\n"
               "  -o, --output FILE     the summary there instead of stdout\n";
        text += kLoadOptions;
    } else if (command == QLatin1String("validate-time")) {
        text = "Usage: slicewatt-cli validate-time RUNS.csv --gpu ID [OPTIONS]\n\n"
               "Compares the predicted time per launch (and the energy per launch over it) with launches\n"
               "measured back to back: RUNS.csv has the columns tag,case,kernel,file,grid,block,launch_us,\n"
               "…,avg_w of shared/data/h200's harness (RUN rows per case and pass, IDLE rows). Each case's\n"
               "driver (in drivers/ beside the CSV) is analysed once, the kernel at the launch whose grid\n"
               "and block are the case's, with the argument values that launch gives. Nothing is fitted:\n"
               "every kernel is held out. Prints each launch, the share within 2x, the rank correlation and\n"
               "the five furthest launches.\n\n"
               "Options:\n"
               "  --gpu ID              the GPU measured (needs the time model's figures: h200, h100, …)\n"
               "  --energy-model ID     also the energy per launch by this instruction-class table\n"
               "  --models-dir DIR      extra model and GPU files (JSON) from DIR\n"
               "  --drivers DIR         where the drivers are (default: drivers/ beside the CSV)\n"
               "  --counters FILE       hardware counts per case (Nsight Compute: case,dram_read_bytes,\n"
               "                        dram_write_bytes,warp_inst,…) to compare the analysis's bytes and\n"
               "                        instructions with\n"
               "  --compiler NAME       count each kernel's instructions from its PTX by nvcc or clang\n"
               "                        (compiled for the GPU; loops the compiler unrolled divided out)\n"
               "                        instead of the source's operators\n"
               "  -f, --format FORMAT   table (default) or json\n"
               "  -o, --output FILE     write there (atomically) instead of stdout\n";
        text += kLoadOptions;
    } else if (command == QLatin1String("validate-measured")) {
        text = "Usage: slicewatt-cli validate-measured CSV... [OPTIONS]\n\n"
               "Validates SliceWatt's power models on measured average power per kernel launch (METHOD.md\n"
               "section 11). CSV is a measured file of Alavani et al. (columns Benchmark, Kernel Name,\n"
               "grid_size, block_size, Power) or the minimal form with the header source,kernel,grid,block,\n"
               "watts[,trips] (source: a folder or file below --corpus). Each measured kernel's source is\n"
               "analysed once and every row through the what-if path at its launch; every model form is\n"
               "fitted leaving one kernel out at a time (all its launches), beside the baselines (the\n"
               "training median; a line on SM saturation and log10 threads), with a random 10-fold row split\n"
               "beside it, labelled (it lets a model recognise the kernel). Deterministic. The GPU is the\n"
               "CSV's file name (V100.csv: v100) unless --gpu says.\n\n"
               "Options:\n"
               "  --map FILE            the key_regex,source,kernel map for Alavani rows (default:\n"
               "                        kernels.csv beside the CSV)\n"
               "  --corpus DIR          where the sources are (default: ../../corpus/measured from the CSV, else\n"
               "                        $SLICEWATT_UPSTREAM_DIR/corpus/measured: scripts/export-upstream.sh)\n"
               "  --gpu ID              the GPU measured (one CSV only)\n"
               "  --wnn-epochs N        training epochs of the wavelet network per held-out kernel (default\n"
               "                        300; 0 leaves the network out)\n"
               "  --compiler NAME       the PTX producer for alavani-xgb's features: clang (default), nvcc,\n"
               "                        or none\n"
               "  --loop-iterations N   run every PTX loop N times instead of the analysis's trip counts\n"
               "  --write-model FILE    write the launch-activity model fitted to every row, with its figures\n"
               "                        in its provenance (models/launch-activity.json is written so)\n"
               "  --write-physical FILE put each GPU's physical model (every constant, idle power\n"
               "                        included, fitted to the rows; figures with whole kernels held\n"
               "                        out) into FILE, its other GPUs kept; the GPU's default only\n"
               "                        where it beats the default launch-activity form on the same\n"
               "                        rows (models/physical.json's k20, m60 and v100 are written so)\n"
               "  --models-dir DIR      extra GPU files (JSON) from DIR\n"
               "  -f, --format FORMAT   table (default), json (figures, every row's features and\n"
               "                        predictions) or csv (one line per row)\n"
               "  -o, --output FILE     write there (atomically) instead of stdout\n";
        text += kLoadOptions;
    } else {
        return {};
    }
    text += kHelpAndExit;
    // After the options (a help's "Options:" section ends at its first blank line).
    if (command == QLatin1String("analyze") || command == QLatin1String("analyse"))
        text += gpuCatalogueHelp();
    return text;
}

} // namespace slicewatt::cli
