// SPDX-License-Identifier: GPL-3.0-or-later
#include "ReportMethodPage.h"

#include "ReportLayout.h"
#include "ReportText.h"
#include "export/DisplayNumbers.h"
#include "export/ReportDocument.h"

namespace slicewatt {
namespace {

// The instruction-class energy model beside the power model: which table, where its numbers
// come from, and the static power that decides whether totals can be given at all.
void paintEnergyModel(ReportLayout& layout, const ReportMethod& method)
{
    if (!method.energyModel)
        return;
    const ReportStyle& style = layout.style();
    const ReportEnergyModel& model = *method.energyModel;
    reporttext::heading2(layout, QStringLiteral("Energy model: %1 (%2)").arg(model.name, model.id), layout.mm(12));
    if (!model.equation.isEmpty())
        reporttext::paragraph(layout, model.equation, style.body, style.text);
    layout.advance(layout.mm(1));
    QStringList facts;
    if (!model.source.isEmpty())
        facts << QStringLiteral("Source: %1").arg(model.source);
    facts << (model.staticW
            ? QStringLiteral("Static power P_static: %1 (%2)").arg(formatWatts(*model.staticW), model.staticSource)
            : QStringLiteral("Static power P_static: unknown. %1").arg(model.staticSource));
    facts << (model.transferW
            ? QStringLiteral("Copy power P_transfer: %1 (%2)").arg(formatWatts(*model.transferW), model.transferSource)
            : QStringLiteral("Copy power P_transfer: unknown; copies get no energy"));
    reporttext::bullets(layout, facts, style.body, style.text);
    if (!method.energyFormulas.isEmpty()) {
        layout.advance(layout.mm(1));
        reporttext::bullets(layout, method.energyFormulas, style.body, style.text);
    }
    QStringList provenance;
    for (const QString& item : model.provenanceItems) {
        if (!item.startsWith(QLatin1String("source: "))) // already said above
            provenance << item;
    }
    if (!provenance.isEmpty()) {
        layout.advance(layout.mm(1));
        reporttext::paragraph(layout, QStringLiteral("Provenance: %1").arg(provenance.join(QStringLiteral("; "))),
            style.body, style.muted);
    }
}

} // namespace

void paintMethodPage(ReportLayout& layout, const ReportDocument& document)
{
    const ReportStyle& style = layout.style();
    const ReportMethod& method = document.method;
    reporttext::heading1(layout, QStringLiteral("Method"));

    reporttext::heading2(layout,
        QStringLiteral("Model: %1").arg(method.modelName.isEmpty() ? document.modelName : method.modelName),
        layout.mm(12));
    if (!method.modelEquation.isEmpty())
        reporttext::paragraph(layout, method.modelEquation, style.body, style.text);
    if (!method.modelProvenance.isEmpty()) {
        layout.advance(layout.mm(1));
        reporttext::paragraph(
            layout, QStringLiteral("Provenance: %1").arg(method.modelProvenance), style.body, style.muted);
    }

    if (!method.accuracy.isEmpty()) {
        layout.advance(layout.mm(1));
        reporttext::paragraph(layout, QStringLiteral("Accuracy on the %1: %2").arg(document.gpuName, method.accuracy),
            style.body, style.text);
    }

    if (!method.formulas.isEmpty()) {
        reporttext::heading2(layout, QStringLiteral("Formulas"), layout.mm(12));
        reporttext::bullets(layout, method.formulas, style.body, style.text);
    }

    paintEnergyModel(layout, method);

    if (!method.concepts.isEmpty()) {
        reporttext::heading2(layout, QStringLiteral("What the numbers mean"), layout.mm(12));
        for (const ConceptText& concept : method.concepts) {
            const QFont& titleFont = style.tableHeader;
            reporttext::space(layout, layout.mm(1.5));
            layout.ensureSpace(layout.mm(10));
            reporttext::paragraph(layout, concept.title, titleFont, style.text);
            reporttext::paragraph(layout, concept.body, style.body, style.text);
        }
    }

    if (!method.citations.isEmpty()) {
        reporttext::heading2(layout, QStringLiteral("References"), layout.mm(12));
        QStringList items;
        for (const Citation& citation : method.citations) {
            QString item = QStringLiteral("[%1] %2").arg(citation.key, citation.text());
            if (!citation.usedFor.isEmpty())
                item += QStringLiteral(" Used for: %1").arg(citation.usedFor);
            items << item;
        }
        reporttext::bullets(layout, items, style.body, style.text);
    }
}

} // namespace slicewatt
