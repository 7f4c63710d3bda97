// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QWidget>

namespace slicewatt {

// The key to the code view's colours: the heat strip's scale as a gradient bar with tick
// labels from 0 to the hottest line's watts, a caption, and the memory-space letters. In
// diverging mode (the change since a baseline) the bar runs from −max (cooler, blue) through 0
// to +max (warmer, red).
class HeatLegend : public QWidget {
    Q_OBJECT
public:
    explicit HeatLegend(QWidget* parent = nullptr);

    void setRange(double maxValue); // in the legend's unit; 0 or less: no heat to show
    double maxValue() const { return m_maxWatts; }
    void setCaption(const QString& caption); // default "Line power, W"
    void setUnit(const QString& unit); // after the last tick: "W" (default), "µJ", …
    QString unit() const { return m_unit; }
    QString caption() const { return m_caption; }
    void setDarkPalette(bool dark);
    void setDiverging(bool diverging);
    bool isDiverging() const { return m_diverging; }

    // Tick values in the unit: round steps (1, 2, 5 × 10^n) from 0 up to maxValue (diverging:
    // from −maxValue, symmetric about 0).
    QVector<double> ticks() const;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent* event) override;

private:
    double m_maxWatts = 0;
    QString m_caption;
    QString m_unit = QStringLiteral("W");
    bool m_dark = false;
    bool m_diverging = false;
};

} // namespace slicewatt
