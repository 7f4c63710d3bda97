// SPDX-License-Identifier: GPL-3.0-or-later
#include "ReportMethodPage.h"

#include "ReportLayout.h"
#include "ReportText.h"
#include "export/ReportDocument.h"

namespace slicewatt {

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

    if (!method.formulas.isEmpty()) {
        reporttext::heading2(layout, QStringLiteral("Formulas"), layout.mm(12));
        reporttext::bullets(layout, method.formulas, style.body, style.text);
    }

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
