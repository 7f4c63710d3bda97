// SPDX-License-Identifier: GPL-3.0-or-later
// Over 500 lines: one test executable per concern (each links the engine; more slow CI builds).
// The Debian package as users get it: `cpack -G DEB` builds it from this build folder,
// dpkg-deb shows what it declares and holds, and the programs run from an unpacked copy.
// Also the desktop file, the AppStream metadata, the icons, and the manual pages against
// what --help prints, so that none of them drifts from the programs.
#include "TestSupport.h"

#include <QDirIterator>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QSet>
#include <QStandardPaths>
#include <QXmlStreamReader>
#include <QtTest>

#include <algorithm>
#include <memory>

using namespace slicewatt;

namespace {

struct RunResult {
    int exitCode = -1; // -1: did not start, crashed or timed out
    QByteArray out;
    QByteArray err;
};

RunResult run(const QString& program, const QStringList& args,
    const QProcessEnvironment& environment = QProcessEnvironment::systemEnvironment(),
    const QString& workingDirectory = QString())
{
    QProcess process;
    process.setProcessEnvironment(environment);
    if (!workingDirectory.isEmpty())
        process.setWorkingDirectory(workingDirectory);
    process.start(program, args);
    if (!process.waitForStarted(60000))
        return {-1, {}, process.errorString().toUtf8()};
    if (!process.waitForFinished(480000)) {
        process.kill();
        process.waitForFinished();
        return {-1, process.readAllStandardOutput(), "timed out: " + process.readAllStandardError()};
    }
    return {process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1, process.readAllStandardOutput(),
        process.readAllStandardError()};
}

QString describe(const RunResult& result)
{
    return QStringLiteral("exit %1\nstdout: %2\nstderr: %3")
        .arg(result.exitCode)
        .arg(QString::fromUtf8(result.out.left(4000)), QString::fromUtf8(result.err.left(4000)));
}

QByteArray readAll(const QString& path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

// examples/imagepipe/EXPECTED_KERNELS.md: its 13 kernels, as `analyze --format json` names them.
const QStringList kExampleKernels = {
    QStringLiteral("imagepipe::gaussianRows"),
    QStringLiteral("imagepipe::gaussianColumns"),
    QStringLiteral("imagepipe::histogramShared"),
    QStringLiteral("imagepipe::histogramCdf"),
    QStringLiteral("imagepipe::equalizeApply"),
    QStringLiteral("synthesizeImage"),
    QStringLiteral("imagepipe::reduceMinMax"),
    QStringLiteral("imagepipe::reduceMinMaxFinal"),
    QStringLiteral("imagepipe::resizeBilinear"),
    QStringLiteral("imagepipe::sobelMagnitude"),
    QStringLiteral("imagepipe::tonemap"),
    QStringLiteral("imagepipe::rgbToLuminance"),
    QStringLiteral("imagepipe::transposeTiled"),
};

const QList<int> kIconSizes = {16, 22, 24, 32, 48, 64, 128, 256};

// Options as --help prints them: "-o", "--max-file-mb"; not the dashes inside words
// (jos13-idle, slicewatt-cli, branch-sparse).
QSet<QString> optionsIn(const QString& text)
{
    static const QRegularExpression option(QStringLiteral("(?<![\\w-])(--?[A-Za-z][A-Za-z0-9-]*)"));
    QSet<QString> options;
    for (auto it = option.globalMatch(text); it.hasNext();)
        options.insert(it.next().captured(1));
    return options;
}

// A manual page's text as a reader sees the words: comments dropped, \- as -, font and
// spacing escapes removed.
QString manPageText(const QString& path)
{
    QString text;
    for (const QString& line : QString::fromUtf8(readAll(path)).split(QLatin1Char('\n'))) {
        if (!line.startsWith(QLatin1String(".\\\"")))
            text += line + QLatin1Char('\n');
    }
    text.replace(QLatin1String("\\-"), QLatin1String("-"));
    static const QRegularExpression escapes(QStringLiteral("\\\\f[BIRP]|\\\\&|\\\\%"));
    text.remove(escapes);
    return text;
}

bool mentionsOption(const QString& manText, const QString& option)
{
    const QRegularExpression whole(
        QStringLiteral("(?<![\\w-])") + QRegularExpression::escape(option) + QStringLiteral("(?![\\w-])"));
    return whole.match(manText).hasMatch();
}

// The options that a help text's "Options:" section lists in its left column ("  -o, --output
// FILE    write there"), not those its descriptions mention.
QSet<QString> listedOptions(const QString& help)
{
    QSet<QString> options;
    static const QRegularExpression gap(QStringLiteral("\\s{2,}"));
    const QString section = help.section(QLatin1String("\nOptions:\n"), 1).section(QLatin1String("\n\n"), 0, 0);
    for (const QString& line : section.split(QLatin1Char('\n'))) {
        if (line.startsWith(QLatin1String("  -")))
            options += optionsIn(line.mid(2).section(gap, 0, 0));
    }
    return options;
}

// The commands that `slicewatt-cli --help` lists under "Commands:".
QStringList cliCommands(const QString& help)
{
    QStringList commands;
    bool inCommands = false;
    static const QRegularExpression entry(QStringLiteral("^  ([a-z][a-z-]*)\\s{2,}"));
    for (const QString& line : help.split(QLatin1Char('\n'))) {
        if (line == QLatin1String("Commands:")) {
            inCommands = true;
            continue;
        }
        if (inCommands && line.isEmpty())
            break;
        const QRegularExpressionMatch match = entry.match(line);
        if (inCommands && match.hasMatch())
            commands << match.captured(1);
    }
    return commands;
}

// Width and height from a PNG's IHDR chunk; {0, 0} when it is not a PNG.
QSize pngSize(const QByteArray& png)
{
    if (png.size() < 24 || !png.startsWith("\x89PNG\r\n\x1a\n") || png.mid(12, 4) != "IHDR")
        return {};
    auto be32 = [&](int at) {
        return int(
            (uchar(png[at]) << 24) | (uchar(png[at + 1]) << 16) | (uchar(png[at + 2]) << 8) | uchar(png[at + 3]));
    };
    return QSize(be32(16), be32(20));
}

QString metainfoPath()
{
    const QStringList files = QDir(test::sourceDir() + QStringLiteral("/packaging"))
                                  .entryList({QStringLiteral("*.metainfo.xml")}, QDir::Files);
    return files.size() == 1 ? test::sourceDir() + QStringLiteral("/packaging/") + files.first() : QString();
}

// The package, built once for every test that looks at it.
struct Package {
    std::unique_ptr<QTemporaryDir> dir;
    QString error; // why there is none
    QString deb;
    QString root; // dpkg -x'd here
    QStringList contents; // paths as dpkg-deb -c lists them, without the leading "."
};

} // namespace

class PackagingTest : public QObject {
    Q_OBJECT

    std::unique_ptr<Package> m_package;
    QTemporaryDir m_home; // HOME, caches and settings of the programs run here

    const Package& package()
    {
        if (m_package)
            return *m_package;
        m_package = std::make_unique<Package>();
        Package& p = *m_package;
        if (QStandardPaths::findExecutable(QStringLiteral("dpkg-shlibdeps")).isEmpty()) {
            p.error = QStringLiteral("dpkg-shlibdeps is missing: scripts/install-deps.sh installs dpkg-dev");
            return p;
        }
        p.dir = std::make_unique<QTemporaryDir>();
        const QString out = p.dir->filePath(QStringLiteral("cpack"));
        // The package and cpack's staging folder go to the scratch folder (-B); the build folder
        // gets only install_manifest.txt, as from every install.
        const RunResult cpack = run(QStringLiteral(CMAKE_CPACK_COMMAND),
            {QStringLiteral("-G"), QStringLiteral("DEB"), QStringLiteral("--config"),
                QStringLiteral(SLICEWATT_BINARY_DIR "/CPackConfig.cmake"), QStringLiteral("-B"), out},
            QProcessEnvironment::systemEnvironment(), p.dir->path());
        const QStringList debs = QDir(out).entryList({QStringLiteral("*.deb")}, QDir::Files);
        if (cpack.exitCode != 0 || debs.size() != 1) {
            p.error = QStringLiteral("cpack -G DEB failed: ") + describe(cpack);
            return p;
        }
        p.deb = out + QLatin1Char('/') + debs.first();
        const RunResult listing = run(QStringLiteral("dpkg-deb"), {QStringLiteral("--contents"), p.deb});
        if (listing.exitCode != 0) {
            p.error = QStringLiteral("dpkg-deb --contents failed: ") + describe(listing);
            return p;
        }
        // "-rwxr-xr-x root/root 123 2026-11-21 10:00 ./usr/bin/slicewatt" (links add " -> target")
        for (const QString& line : QString::fromUtf8(listing.out).split(QLatin1Char('\n'), Qt::SkipEmptyParts)) {
            const int at = line.indexOf(QLatin1String(" ./"));
            if (at >= 0)
                p.contents << line.mid(at + 2).section(QLatin1String(" -> "), 0, 0);
        }
        p.root = p.dir->filePath(QStringLiteral("root"));
        const RunResult extract = run(QStringLiteral("dpkg-deb"), {QStringLiteral("--extract"), p.deb, p.root});
        if (extract.exitCode != 0)
            p.error = QStringLiteral("dpkg-deb --extract failed: ") + describe(extract);
        return p;
    }

    QString field(const QString& name)
    {
        const RunResult result = run(QStringLiteral("dpkg-deb"), {QStringLiteral("--field"), package().deb, name});
        return result.exitCode == 0 ? QString::fromUtf8(result.out).trimmed() : QString();
    }

    // For the installed programs: offscreen, and HOME and the XDG folders in the scratch
    // folder so that caches and settings of the user's are left alone.
    QProcessEnvironment installedEnvironment() const
    {
        QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
        environment.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
        environment.insert(QStringLiteral("HOME"), m_home.path());
        environment.insert(QStringLiteral("XDG_CACHE_HOME"), m_home.filePath(QStringLiteral("cache")));
        environment.insert(QStringLiteral("XDG_CONFIG_HOME"), m_home.filePath(QStringLiteral("config")));
        return environment;
    }

    RunResult cli(const QStringList& args) const
    {
        return run(QStringLiteral(SLICEWATT_CLI_PATH), args, installedEnvironment());
    }

private Q_SLOTS:
    void packageDeclaresItsDependencies()
    {
        const Package& p = package();
        QVERIFY2(p.error.isEmpty(), qPrintable(p.error));
        QCOMPARE(field(QStringLiteral("Package")), QStringLiteral("slicewatt"));
        QCOMPARE(field(QStringLiteral("Version")), QStringLiteral(SLICEWATT_VERSION));
        QCOMPARE(field(QStringLiteral("Section")), QStringLiteral("devel"));
        QVERIFY(field(QStringLiteral("Homepage")).startsWith(QLatin1String("https://")));
        QVERIFY(field(QStringLiteral("Maintainer")).contains(QLatin1Char('@')));
        const QStringList description = field(QStringLiteral("Description")).split(QLatin1Char('\n'));
        QVERIFY2(description.size() > 3, "a synopsis and a long description");
        QVERIFY(description.first().contains(QLatin1String("GPU power")));

        const QString depends = field(QStringLiteral("Depends"));
        qInfo("Depends: %s", qPrintable(depends));
        QSet<QString> packages;
        for (const QString& item : depends.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
            for (const QString& alternative : item.split(QLatin1Char('|')))
                packages.insert(alternative.trimmed().section(QLatin1Char(' '), 0, 0));
        }
        // From dpkg-shlibdeps: the libraries the programs link.
        for (const char* library :
            {"libqt6core6", "libqt6gui6", "libqt6widgets6", "libqt6concurrent6", "libstdc++6", "libc6"})
            QVERIFY2(packages.contains(QLatin1String(library)), library);
        const auto hasMatch = [&](const char* pattern) {
            const QRegularExpression re(QString::fromLatin1(pattern));
            return std::any_of(
                packages.cbegin(), packages.cend(), [&](const QString& name) { return re.match(name).hasMatch(); });
        };
        QVERIFY2(hasMatch("^libclang1-\\d+$"), "libclang");
        QVERIFY2(hasMatch("^libqcustomplot[\\d.]*-qt6$"), "QCustomPlot");
        // Explicit: what the libraries do not say they need.
        QVERIFY(packages.contains(QStringLiteral("fonts-dejavu-core")));
        QVERIFY(packages.contains(QStringLiteral("qt6-qpa-plugins")));
        // clang's builtin headers: whichever package owns the folder the engine was built to use.
        const QString resourceDir = defaultClangResourceDir();
        QVERIFY2(!resourceDir.isEmpty(), "the build found clang's builtin headers");
        const RunResult owner = run(QStringLiteral("dpkg-query"),
            {QStringLiteral("--search"), resourceDir + QStringLiteral("/include/stddef.h")});
        if (owner.exitCode == 0) {
            const QString headersPackage = QString::fromUtf8(owner.out).section(QLatin1Char(':'), 0, 0).trimmed();
            QVERIFY2(packages.contains(headersPackage), qPrintable(headersPackage));
        } else {
            QVERIFY2(hasMatch("^libclang-common-\\d+-dev$"), "clang's builtin headers");
        }
    }

    void packageHoldsTheProgramsAndTheirFiles()
    {
        const Package& p = package();
        QVERIFY2(p.error.isEmpty(), qPrintable(p.error));
        const QSet<QString> contents(p.contents.cbegin(), p.contents.cend());
        const QString appId = QFileInfo(metainfoPath()).fileName().section(QLatin1String(".metainfo.xml"), 0, 0);
        QStringList expected = {
            QStringLiteral("/usr/bin/slicewatt"),
            QStringLiteral("/usr/bin/slicewatt-cli"),
            QStringLiteral("/usr/share/applications/slicewatt.desktop"),
            QStringLiteral("/usr/share/metainfo/") + appId + QStringLiteral(".metainfo.xml"),
            QStringLiteral("/usr/share/icons/hicolor/scalable/apps/slicewatt.svg"),
            QStringLiteral("/usr/share/man/man1/slicewatt.1.gz"),
            QStringLiteral("/usr/share/man/man1/slicewatt-cli.1.gz"),
            QStringLiteral("/usr/share/doc/slicewatt/LICENSE"),
            QStringLiteral("/usr/share/doc/slicewatt/README.md"),
        };
        for (int size : kIconSizes)
            expected << QStringLiteral("/usr/share/icons/hicolor/%1x%1/apps/slicewatt.png").arg(size);
        for (const QString& model :
            QDir(test::sourceDir() + QStringLiteral("/models")).entryList({"*.json"}, QDir::Files))
            expected << QStringLiteral("/usr/share/slicewatt/models/") + model;
        const QDir example(test::exampleDir());
        // Every file of the example (hidden files and build folders in a checkout are not part of it).
        QDirIterator it(example.path(), QDir::Files, QDirIterator::Subdirectories);
        int exampleFiles = 0;
        while (it.hasNext()) {
            const QString relative = example.relativeFilePath(it.next());
            if (relative.startsWith(QLatin1String("build")) || relative.contains(QLatin1String("/build")))
                continue;
            expected << QStringLiteral("/usr/share/slicewatt/examples/imagepipe/") + relative;
            ++exampleFiles;
        }
        QVERIFY(exampleFiles >= 10);
        for (const QString& path : expected)
            QVERIFY2(contents.contains(path), qPrintable(path + QStringLiteral(" is not in the package")));
        for (const QString& path : p.contents)
            QVERIFY2(path.startsWith(QLatin1String("/usr/")) || path == QLatin1String("/"), qPrintable(path));

        // The manual pages are the ones in packaging/, compressed.
        for (const QString& page : {QStringLiteral("slicewatt.1"), QStringLiteral("slicewatt-cli.1")}) {
            const RunResult gunzip = run(QStringLiteral("gzip"),
                {QStringLiteral("-dc"),
                    p.root + QStringLiteral("/usr/share/man/man1/") + page + QStringLiteral(".gz")});
            QCOMPARE(gunzip.exitCode, 0);
            QCOMPARE(gunzip.out, readAll(test::sourceDir() + QStringLiteral("/packaging/") + page));
        }
        // Stripped: the debug information stays in the build folder.
        QVERIFY(QFileInfo(p.root + QStringLiteral("/usr/bin/slicewatt-cli")).size()
            < QFileInfo(QStringLiteral(SLICEWATT_CLI_PATH)).size());
    }

    void installedProgramsRun()
    {
        const Package& p = package();
        QVERIFY2(p.error.isEmpty(), qPrintable(p.error));
        const QString cliPath = p.root + QStringLiteral("/usr/bin/slicewatt-cli");
        const QString guiPath = p.root + QStringLiteral("/usr/bin/slicewatt");
        const QProcessEnvironment environment = installedEnvironment();

        const RunResult cliVersion = run(cliPath, {QStringLiteral("--version")}, environment);
        QVERIFY2(cliVersion.exitCode == 0, qPrintable(describe(cliVersion)));
        QCOMPARE(cliVersion.out.trimmed(), QByteArray("slicewatt-cli " SLICEWATT_VERSION));
        const RunResult guiVersion = run(guiPath, {QStringLiteral("--version")}, environment);
        QVERIFY2(guiVersion.exitCode == 0, qPrintable(describe(guiVersion)));
        QVERIFY(guiVersion.out.contains(SLICEWATT_VERSION));

        const QString example = p.root + QStringLiteral("/usr/share/slicewatt/examples/imagepipe");
        const RunResult analyze = run(cliPath,
            {QStringLiteral("analyze"), example, QStringLiteral("--format"), QStringLiteral("json")}, environment);
        QVERIFY2(analyze.exitCode == 0, qPrintable(describe(analyze)));
        QJsonParseError error;
        const QJsonObject root = QJsonDocument::fromJson(analyze.out, &error).object();
        QVERIFY2(error.error == QJsonParseError::NoError, qPrintable(error.errorString()));
        QStringList kernels;
        for (const QJsonValue& kernel : root.value(QStringLiteral("kernels")).toArray()) {
            const QJsonObject k = kernel.toObject();
            kernels << k.value(QStringLiteral("name")).toString();
            // The engine really ran: the clang headers and the models were found.
            QVERIFY2(k.value(QStringLiteral("power_w")).toDouble() > 0, qPrintable(kernels.last()));
            QVERIFY2(k.value(QStringLiteral("file"))
                         .toString()
                         .contains(QLatin1String("/usr/share/slicewatt/examples/imagepipe/")),
                qPrintable(kernels.last()));
        }
        kernels.sort();
        QStringList expected = kExampleKernels;
        expected.sort();
        QCOMPARE(kernels, expected);
    }

    // As installed: the metadata finds its launcher, and both validate in place.
    void installedDesktopIntegrationIsValid()
    {
        const Package& p = package();
        QVERIFY2(p.error.isEmpty(), qPrintable(p.error));
        const QString validator = QStandardPaths::findExecutable(QStringLiteral("desktop-file-validate"));
        const QString appstreamcli = QStandardPaths::findExecutable(QStringLiteral("appstreamcli"));
        if (validator.isEmpty() || appstreamcli.isEmpty())
            QFAIL("desktop-file-validate or appstreamcli is not installed (scripts/install-deps.sh installs them)");
        const RunResult desktop
            = run(validator, {p.root + QStringLiteral("/usr/share/applications/slicewatt.desktop")});
        QVERIFY2(
            desktop.exitCode == 0 && desktop.out.isEmpty() && desktop.err.isEmpty(), qPrintable(describe(desktop)));
        // validate-tree warns (and fails) when the metainfo's launchable is not installed.
        const RunResult tree = run(appstreamcli, {QStringLiteral("validate-tree"), QStringLiteral("--no-net"), p.root});
        QVERIFY2(tree.exitCode == 0, qPrintable(describe(tree)));
    }

    void desktopFileIsValid()
    {
        const QString source = test::sourceDir() + QStringLiteral("/packaging/slicewatt.desktop");
        // What the launcher starts and shows must be what the package installs.
        const QString text = QString::fromUtf8(readAll(source));
        QVERIFY(text.startsWith(QLatin1String("[Desktop Entry]")));
        QVERIFY(text.contains(QLatin1String("\nExec=slicewatt ")));
        QVERIFY(text.contains(QLatin1String("\nIcon=slicewatt\n")));
        const QString validator = QStandardPaths::findExecutable(QStringLiteral("desktop-file-validate"));
        if (validator.isEmpty())
            QFAIL("desktop-file-validate is not installed (scripts/install-deps.sh installs desktop-file-utils)");
        const RunResult result = run(validator, {source});
        QVERIFY2(result.exitCode == 0 && result.out.isEmpty() && result.err.isEmpty(), qPrintable(describe(result)));
    }

    void metainfoIsValid()
    {
        const QString path = metainfoPath();
        QVERIFY2(!path.isEmpty(), "one packaging/*.metainfo.xml");
        const QString fileId = QFileInfo(path).fileName().section(QLatin1String(".metainfo.xml"), 0, 0);
        // The id is reverse DNS and names the file; the launcher, binaries and this version
        // are the ones the package has.
        QVERIFY(
            QRegularExpression(QStringLiteral("^[a-z][a-z0-9]*(\\.[a-z][a-z0-9_]*){2,}$")).match(fileId).hasMatch());
        QString id, launchable, license;
        QStringList binaries, releases;
        QXmlStreamReader xml(readAll(path));
        while (!xml.atEnd()) {
            if (xml.readNext() != QXmlStreamReader::StartElement)
                continue;
            const auto name = xml.name();
            if (name == QLatin1String("id"))
                id = xml.readElementText();
            else if (name == QLatin1String("launchable"))
                launchable = xml.readElementText();
            else if (name == QLatin1String("project_license"))
                license = xml.readElementText();
            else if (name == QLatin1String("binary"))
                binaries << xml.readElementText();
            else if (name == QLatin1String("release"))
                releases << xml.attributes().value(QLatin1String("version")).toString();
        }
        QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
        QCOMPARE(id, fileId);
        QCOMPARE(launchable, QStringLiteral("slicewatt.desktop"));
        QCOMPARE(license, QStringLiteral("GPL-3.0-or-later"));
        binaries.sort();
        QCOMPARE(binaries, (QStringList{QStringLiteral("slicewatt"), QStringLiteral("slicewatt-cli")}));
        QVERIFY2(releases.contains(QStringLiteral(SLICEWATT_VERSION)), "the metainfo lists this version's release");

        const QString appstreamcli = QStandardPaths::findExecutable(QStringLiteral("appstreamcli"));
        if (appstreamcli.isEmpty())
            QFAIL("appstreamcli is not installed (scripts/install-deps.sh installs appstream)");
        const RunResult result = run(appstreamcli, {QStringLiteral("validate"), QStringLiteral("--no-net"), path});
        QVERIFY2(result.exitCode == 0, qPrintable(describe(result)));
        // Not even warnings ("W:") or infos ("I:").
        static const QRegularExpression issue(QStringLiteral("^[EWI]: "), QRegularExpression::MultilineOption);
        QVERIFY2(!issue.match(QString::fromUtf8(result.out + result.err)).hasMatch(), qPrintable(describe(result)));
    }

    void iconsHaveTheirSizes()
    {
        const QString icons = test::sourceDir() + QStringLiteral("/resources/icons");
        QSet<int> sizes;
        for (const QString& folder :
            QDir(icons + QStringLiteral("/hicolor")).entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
            const QString png = icons + QStringLiteral("/hicolor/") + folder + QStringLiteral("/apps/slicewatt.png");
            const QSize size = pngSize(readAll(png));
            QVERIFY2(folder == QStringLiteral("%1x%2").arg(size.width()).arg(size.height()), qPrintable(png));
            sizes.insert(size.width());
        }
        QCOMPARE(sizes, QSet<int>(kIconSizes.cbegin(), kIconSizes.cend()));
        // The scalable icon is a square SVG.
        QXmlStreamReader svg(readAll(icons + QStringLiteral("/slicewatt.svg")));
        QVERIFY(svg.readNextStartElement());
        QVERIFY(svg.name() == QLatin1String("svg"));
        const QStringList viewBox = svg.attributes().value(QLatin1String("viewBox")).toString().split(QLatin1Char(' '));
        QCOMPARE(viewBox.size(), 4);
        QCOMPARE(viewBox[2], viewBox[3]);
        while (!svg.atEnd())
            svg.readNext();
        QVERIFY2(!svg.hasError(), qPrintable(svg.errorString()));
    }

    // Every option that --help prints is in the manual page, and is accepted by the command
    // whose help lists it; each page names this version.
    void manPagesDocumentEveryOption()
    {
        const QString cliPage = manPageText(test::sourceDir() + QStringLiteral("/packaging/slicewatt-cli.1"));
        const QString guiPage = manPageText(test::sourceDir() + QStringLiteral("/packaging/slicewatt.1"));
        for (const QString* page : {&cliPage, &guiPage}) {
            QVERIFY(page->contains(QLatin1String(".TH ")));
            QVERIFY2(
                page->section(QLatin1String(".TH "), 1).section(QLatin1Char('\n'), 0, 0).contains(SLICEWATT_VERSION),
                "the .TH line names this version");
        }

        const RunResult help = cli({QStringLiteral("--help")});
        QCOMPARE(help.exitCode, 0);
        const QStringList commands = cliCommands(QString::fromUtf8(help.out));
        QVERIFY2(commands.size() >= 6, qPrintable(commands.join(QLatin1Char(' '))));
        for (const QString& option : optionsIn(QString::fromUtf8(help.out)))
            QVERIFY2(mentionsOption(cliPage, option), qPrintable(option + QStringLiteral(" (slicewatt-cli --help)")));
        for (const QString& command : commands) {
            QVERIFY2(
                cliPage.contains(QStringLiteral(".B ") + command) || cliPage.contains(QStringLiteral(".BR ") + command),
                qPrintable(command + QStringLiteral(" is not a heading in slicewatt-cli.1")));
            if (command == QLatin1String("help"))
                continue;
            const RunResult commandHelp = cli({command, QStringLiteral("--help")});
            QCOMPARE(commandHelp.exitCode, 0);
            QVERIFY2(
                commandHelp.out.startsWith("Usage: slicewatt-cli " + command.toUtf8()), commandHelp.out.constData());
            for (const QString& option : optionsIn(QString::fromUtf8(commandHelp.out))) {
                QVERIFY2(mentionsOption(cliPage, option),
                    qPrintable(
                        QStringLiteral("%1 (slicewatt-cli %2 --help) is not in slicewatt-cli.1").arg(option, command)));
            }
            const QSet<QString> listed = listedOptions(QString::fromUtf8(commandHelp.out));
            QVERIFY2(listed.contains(QStringLiteral("--help")), commandHelp.out.constData());
            for (const QString& option : listed) {
                if (option == QLatin1String("-h") || option == QLatin1String("--help"))
                    continue;
                // Alone, with no value and no input, a known option is a usage error of its own.
                const RunResult alone = cli({command, option});
                QVERIFY2(alone.exitCode == 2 && !alone.err.contains("unknown option"),
                    qPrintable(QStringLiteral("slicewatt-cli %1 %2: %3").arg(command, option, describe(alone))));
            }
        }

        // The desktop app answers without a display: no platform, no DISPLAY.
        QProcessEnvironment noDisplay = installedEnvironment();
        for (const char* name : {"QT_QPA_PLATFORM", "DISPLAY", "WAYLAND_DISPLAY"})
            noDisplay.remove(QLatin1String(name));
        const RunResult guiHelp = run(QStringLiteral(SLICEWATT_GUI_PATH), {QStringLiteral("--help")}, noDisplay);
        QVERIFY2(guiHelp.exitCode == 0, qPrintable(describe(guiHelp)));
        const QSet<QString> guiOptions = optionsIn(QString::fromUtf8(guiHelp.out));
        QVERIFY(guiOptions.contains(QStringLiteral("--screenshot")));
        for (const QString& option : guiOptions)
            QVERIFY2(mentionsOption(guiPage, option), qPrintable(option + QStringLiteral(" (slicewatt --help)")));
        const RunResult guiVersion = run(QStringLiteral(SLICEWATT_GUI_PATH), {QStringLiteral("--version")}, noDisplay);
        QVERIFY2(guiVersion.exitCode == 0, qPrintable(describe(guiVersion)));
        QVERIFY(guiVersion.out.contains(SLICEWATT_VERSION));
    }

    void manPagesAreWellFormed()
    {
        const QString groff = QStandardPaths::findExecutable(QStringLiteral("groff"));
        if (groff.isEmpty())
            QFAIL("groff is not installed (scripts/install-deps.sh installs it)");
        for (const QString& page : {QStringLiteral("slicewatt.1"), QStringLiteral("slicewatt-cli.1")}) {
            // -ww: every warning; -z: no output, only the diagnostics.
            const RunResult result = run(groff,
                {QStringLiteral("-man"), QStringLiteral("-ww"), QStringLiteral("-z"), QStringLiteral("-Tutf8"),
                    test::sourceDir() + QStringLiteral("/packaging/") + page});
            QVERIFY2(
                result.exitCode == 0 && result.err.isEmpty(), qPrintable(page + QLatin1Char('\n') + describe(result)));
        }
    }
};

QTEST_GUILESS_MAIN(PackagingTest)
#include "test_packaging.moc"
