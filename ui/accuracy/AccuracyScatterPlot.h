// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/PowerModel.h"

#include <qcustomplot.h>

namespace slicewatt {

// Predicted against measured power for every measured launch of a validated model, each
// predicted with its kernel held out, with the identity line P̂ = P: points above it are
// overestimates. Drag to pan, wheel to zoom (QCustomPlot's interactions); the kernel whose
// launches are highlighted is drawn over the rest.
class AccuracyScatterPlot : public QCustomPlot {
    Q_OBJECT
public:
    explicit AccuracyScatterPlot(QWidget* parent = nullptr);

    void showAccuracy(const ModelAccuracy& accuracy, const QString& title, const QString& highlightedKernel);
    // The application's light or dark plot palette; takes effect at the next showAccuracy.
    void setDarkPalette(bool dark);
    int pointCount() const; // launches drawn (for tests)

private:
    QCPGraph* m_all = nullptr;
    QCPGraph* m_highlighted = nullptr;
    QCPTextElement* m_title = nullptr;
    bool m_dark = false;
};

} // namespace slicewatt
