// SPDX-License-Identifier: GPL-3.0-or-later
#include "BoostedTrees.h"

#include <xgboost/c_api.h>

#include <cmath>
#include <limits>

namespace slicewatt {

namespace {

// XGBoost keeps per-thread state in thread_local storage that a booster's destructor reaches
// into; at exit the thread's thread_local objects are destroyed before static ones, so a
// booster freed by a static (a model library kept for a whole run) would touch freed memory.
// This flag, set when this thread's thread_local objects are destroyed, tells a booster that
// it outlived them: it is left to the process's end instead of freed.
thread_local bool threadLocalsGone = false;
struct ThreadLocalSentinel {
    ~ThreadLocalSentinel() { threadLocalsGone = true; }
};
thread_local ThreadLocalSentinel threadLocalSentinel;

void noteThreadUsesXgboost()
{
    (void)&threadLocalSentinel; // constructs this thread's sentinel
}

} // namespace

struct BoostedTrees::Handle {
    BoosterHandle booster = nullptr;
    Handle() { noteThreadUsesXgboost(); }
    ~Handle()
    {
        if (booster && !threadLocalsGone)
            XGBoosterFree(booster);
    }
};

namespace {

// XGBoost's last error without its stack trace: the first line says what went wrong.
QString lastError()
{
    return QString::fromUtf8(XGBGetLastError()).section(QLatin1Char('\n'), 0, 0).trimmed();
}

// A dense matrix XGBoost copies: freed when it goes out of scope.
class Matrix {
public:
    Matrix(const QVector<QVector<float>>& rows, int columns)
    {
        std::vector<float> data;
        data.reserve(size_t(rows.size()) * size_t(columns));
        for (const QVector<float>& row : rows) {
            for (int c = 0; c < columns; ++c)
                data.push_back(c < row.size() ? row[c] : std::numeric_limits<float>::quiet_NaN());
        }
        m_ok = XGDMatrixCreateFromMat(data.data(), bst_ulong(rows.size()), bst_ulong(columns),
                   std::numeric_limits<float>::quiet_NaN(), &m_handle)
            == 0;
    }
    ~Matrix()
    {
        if (m_ok)
            XGDMatrixFree(m_handle);
    }
    Matrix(const Matrix&) = delete;
    Matrix& operator=(const Matrix&) = delete;
    bool ok() const { return m_ok; }
    DMatrixHandle handle() const { return m_handle; }

private:
    DMatrixHandle m_handle = nullptr;
    bool m_ok = false;
};

bool setParameters(BoosterHandle booster, const BoostingOptions& options)
{
    const std::pair<const char*, QByteArray> parameters[] = {
        {"objective", "reg:squarederror"},
        {"tree_method", "hist"},
        {"nthread", "1"},
        {"max_depth", QByteArray::number(options.maxDepth)},
        {"eta", QByteArray::number(options.eta, 'g', 17)},
        {"min_child_weight", QByteArray::number(options.minChildWeight, 'g', 17)},
        {"seed", QByteArray::number(options.seed)},
        {"verbosity", "0"},
    };
    for (const auto& [name, value] : parameters) {
        if (XGBoosterSetParam(booster, name, value.constData()) != 0)
            return false;
    }
    return true;
}

} // namespace

std::optional<BoostedTrees> BoostedTrees::train(
    const QVector<QVector<float>>& rows, const QVector<float>& targets, const BoostingOptions& options, QString* error)
{
    const int columns = rows.isEmpty() ? 0 : int(rows.first().size());
    if (rows.size() < 2 || rows.size() != targets.size() || columns == 0) {
        if (error)
            *error = QStringLiteral("%1 rows with %2 targets are too few to train on")
                         .arg(rows.size())
                         .arg(targets.size());
        return std::nullopt;
    }
    std::vector<float> labels;
    for (float t : targets) {
        if (options.logTarget && !(t > 0)) {
            if (error)
                *error = QStringLiteral("a target of %1 W has no logarithm").arg(t);
            return std::nullopt;
        }
        labels.push_back(options.logTarget ? std::log(t) : t);
    }
    Matrix matrix(rows, columns);
    if (!matrix.ok() || XGDMatrixSetFloatInfo(matrix.handle(), "label", labels.data(), bst_ulong(labels.size())) != 0) {
        if (error)
            *error = lastError();
        return std::nullopt;
    }
    BoostedTrees trees;
    trees.m_booster = std::make_shared<Handle>();
    trees.m_features = columns;
    trees.m_logTarget = options.logTarget;
    const DMatrixHandle training[] = {matrix.handle()};
    bool ok = XGBoosterCreate(training, 1, &trees.m_booster->booster) == 0
        && setParameters(trees.m_booster->booster, options);
    for (int round = 0; ok && round < options.rounds; ++round)
        ok = XGBoosterUpdateOneIter(trees.m_booster->booster, round, matrix.handle()) == 0;
    if (!ok) {
        if (error)
            *error = lastError();
        return std::nullopt;
    }
    return trees;
}

std::optional<BoostedTrees> BoostedTrees::fromJson(const QByteArray& model, bool logTarget, QString* error)
{
    BoostedTrees trees;
    trees.m_booster = std::make_shared<Handle>();
    trees.m_logTarget = logTarget;
    bst_ulong features = 0;
    if (XGBoosterCreate(nullptr, 0, &trees.m_booster->booster) != 0
        || XGBoosterLoadModelFromBuffer(trees.m_booster->booster, model.constData(), bst_ulong(model.size())) != 0
        || XGBoosterGetNumFeature(trees.m_booster->booster, &features) != 0) {
        if (error)
            *error = QStringLiteral("not an XGBoost model: %1").arg(lastError());
        return std::nullopt;
    }
    trees.m_features = int(features);
    return trees;
}

QByteArray BoostedTrees::toJson() const
{
    bst_ulong length = 0;
    const char* data = nullptr;
    if (!m_booster || XGBoosterSaveModelToBuffer(m_booster->booster, "{\"format\": \"json\"}", &length, &data) != 0)
        return {};
    return QByteArray(data, qsizetype(length));
}

QVector<double> BoostedTrees::predict(const QVector<QVector<float>>& rows) const
{
    QVector<double> predictions(rows.size(), std::numeric_limits<double>::quiet_NaN());
    if (!m_booster || rows.isEmpty())
        return predictions;
    Matrix matrix(rows, m_features);
    bst_ulong length = 0;
    const float* result = nullptr;
    if (!matrix.ok() || XGBoosterPredict(m_booster->booster, matrix.handle(), 0, 0, 0, &length, &result) != 0
        || length != bst_ulong(rows.size()))
        return predictions;
    for (int i = 0; i < rows.size(); ++i)
        predictions[i] = m_logTarget ? std::exp(double(result[i])) : double(result[i]);
    return predictions;
}

double BoostedTrees::predict(const QVector<float>& row) const
{
    return predict(QVector<QVector<float>>{row}).first();
}

} // namespace slicewatt
