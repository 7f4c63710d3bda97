// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QString>
#include <QVector>

#include <memory>
#include <optional>

namespace slicewatt {

// How the gradient-boosted trees are grown (XGBoost's parameters of the same names).
struct BoostingOptions {
    int rounds = 200;
    int maxDepth = 4;
    double eta = 0.1; // learning rate
    double minChildWeight = 1;
    int seed = 0;
    // Trees fit log(P): squared error there is relative error in P, what MAPE measures.
    bool logTarget = true;
};

// Gradient-boosted regression trees by XGBoost's C API (Debian's libxgboost): trained on
// rows of features, saved and loaded as XGBoost's own JSON model, predicting in-process.
// One thread and the exact tree method: the same data give the same trees everywhere.
class BoostedTrees {
public:
    // nullopt with `error` set when XGBoost refuses the data or the parameters.
    static std::optional<BoostedTrees> train(const QVector<QVector<float>>& rows, const QVector<float>& targets,
        const BoostingOptions& options, QString* error);
    static std::optional<BoostedTrees> fromJson(const QByteArray& model, bool logTarget, QString* error);

    QByteArray toJson() const;
    int featureCount() const { return m_features; }
    // The prediction for one row (missing values as NaN); NaN when XGBoost fails.
    double predict(const QVector<float>& row) const;
    QVector<double> predict(const QVector<QVector<float>>& rows) const;

private:
    struct Handle;
    std::shared_ptr<Handle> m_booster;
    int m_features = 0;
    bool m_logTarget = true;
};

} // namespace slicewatt
