// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>
#include <QVector>

namespace slicewatt {

// The teaching texts behind the "Why?" panel and the PDF report: what the method's ideas
// mean, in a few sentences each, and the papers they come from. Plain text with Unicode
// symbols (no HTML, no resources), so every output can set them in its own way.

enum class Concept {
    ProgramSlice, // what a slice by memory space is
    ComputationIntensity, // Ã, ratio and fraction
    SmSaturation, // Sa
    BranchDensity, // sparse vs dense, BSPM vs BDPM
    StaticEstimate, // what the numbers do and do not mean
    WaveletTraining, // the default wavelet network is not trained on measurements
};

struct ConceptText {
    Concept id = Concept::ProgramSlice;
    QString title;
    QString body; // one paragraph, plain text
};

ConceptText conceptText(Concept which);
// Every concept in teaching order (the network's note last: it applies to one model only).
QVector<ConceptText> allConceptTexts();

// A paper the method comes from, as METHOD.md cites it.
struct Citation {
    QString key; // "JoS13", "JSW12", "SC16"
    QString authors;
    QString title; // empty where METHOD.md gives none
    QString venue;
    int year = 0;
    QString usedFor; // what SliceWatt takes from it

    QString text() const; // "Authors: "Title", Venue, Year."
};

Citation jos13Citation();
Citation jsw12Citation();
Citation sc16Citation();
Citation waveletNetworkCitation(); // Zhang & Benveniste 1992, training of wavelet networks

} // namespace slicewatt
