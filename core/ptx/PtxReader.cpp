// SPDX-License-Identifier: GPL-3.0-or-later
#include "PtxReader.h"

#include "PtxControlFlow.h"

#include <QRegularExpression>

namespace slicewatt {

namespace {

// Bytes of one element of a .shared declaration's type (.b8, .f32, .u64, …).
int typeBytes(const QString& type)
{
    static const QRegularExpression bits(QStringLiteral("^\\.[bsuf](\\d+)$"));
    const QRegularExpressionMatch m = bits.match(type);
    return m.hasMatch() ? m.captured(1).toInt() / 8 : 0;
}

// `.shared .align 4 .b8 name[1024]` → 1024; a scalar counts once.
int sharedDeclarationBytes(const QString& statement)
{
    static const QRegularExpression array(QStringLiteral("\\[(\\d+)\\]"));
    int element = 0;
    for (const QString& token : statement.split(QRegularExpression(QStringLiteral("\\s+")), Qt::SkipEmptyParts)) {
        if (const int b = typeBytes(token))
            element = b;
    }
    int count = 1;
    QRegularExpressionMatchIterator it = array.globalMatch(statement);
    while (it.hasNext())
        count *= it.next().captured(1).toInt();
    return element * count;
}

// The function name after `.entry` or `.func`, skipping a `.func`'s return parameters.
QString functionName(const QString& header, int keywordEnd)
{
    int i = keywordEnd;
    while (i < header.size() && header[i].isSpace())
        ++i;
    if (i < header.size() && header[i] == QLatin1Char('(')) {
        int depth = 0;
        for (; i < header.size(); ++i) {
            if (header[i] == QLatin1Char('('))
                ++depth;
            else if (header[i] == QLatin1Char(')') && --depth == 0) {
                ++i;
                break;
            }
        }
    }
    static const QRegularExpression name(QStringLiteral("^\\s*([A-Za-z_$%][\\w$]*)"));
    return name.match(header.mid(i)).captured(1);
}

class Reader {
public:
    Reader(const QByteArray& text, const QString& fileName)
        : m_lines(QString::fromUtf8(text).split(QLatin1Char('\n')))
        , m_fileName(fileName)
    {
    }

    PtxModule read()
    {
        while (m_index < m_lines.size()) {
            const QString line = stripComment(m_lines[m_index]).trimmed();
            ++m_index;
            if (line.isEmpty())
                continue;
            if (line.startsWith(QLatin1String(".version")))
                m_module.version = line.mid(8).trimmed();
            else if (line.startsWith(QLatin1String(".target")))
                m_module.target = line.mid(7).trimmed().section(QLatin1Char(','), 0, 0).trimmed();
            else if (line.startsWith(QLatin1String(".file")))
                readFile(line);
            else if (line.startsWith(QLatin1String(".section")))
                skipBraces(line);
            else if (isFunctionHeader(line))
                readFunction(line);
        }
        return m_module;
    }

private:
    static QString stripComment(const QString& line)
    {
        const int comment = line.indexOf(QLatin1String("//"));
        return comment >= 0 ? line.left(comment) : line;
    }

    static bool isFunctionHeader(const QString& line)
    {
        static const QRegularExpression header(QStringLiteral("(^|\\s)\\.(entry|func)(\\s|\\(|$)"));
        return header.match(line).hasMatch();
    }

    void problem(int line, const QString& text)
    {
        m_module.problems << QStringLiteral("%1:%2: %3").arg(m_fileName).arg(line).arg(text);
    }

    void readFile(const QString& line)
    {
        static const QRegularExpression file(QStringLiteral("^\\.file\\s+(\\d+)\\s+\"([^\"]*)\""));
        const QRegularExpressionMatch m = file.match(line);
        if (m.hasMatch())
            m_module.files.insert(m.captured(1).toInt(), m.captured(2));
        else
            problem(m_index, QStringLiteral("unreadable .file directive"));
    }

    // A debug section: everything up to its closing brace.
    void skipBraces(QString line)
    {
        int depth = int(line.count(QLatin1Char('{')) - line.count(QLatin1Char('}')));
        while (depth > 0 && m_index < m_lines.size()) {
            line = stripComment(m_lines[m_index++]);
            depth += int(line.count(QLatin1Char('{')) - line.count(QLatin1Char('}')));
        }
    }

    void readFunction(QString header)
    {
        const int startLine = m_index;
        // The header runs to the body's '{', or to ';' for a declaration without a body.
        while (!header.contains(QLatin1Char('{')) && !header.contains(QLatin1Char(';')) && m_index < m_lines.size())
            header += QLatin1Char(' ') + stripComment(m_lines[m_index++]).trimmed();
        if (!header.contains(QLatin1Char('{')))
            return; // .extern .func …; a prototype
        static const QRegularExpression keyword(QStringLiteral("\\.(entry|func)"));
        const QRegularExpressionMatch k = keyword.match(header);
        PtxFunction function;
        function.isEntry = k.captured(1) == QLatin1String("entry");
        function.name = functionName(header, int(k.capturedEnd()));
        if (function.name.isEmpty())
            problem(startLine, QStringLiteral("a function without a name"));

        QVector<PtxBlock> blocks(1);
        int depth = int(header.count(QLatin1Char('{')) - header.count(QLatin1Char('}')));
        int file = 0;
        int sourceLine = 0;
        bool afterBranch = false;
        QString pending; // an instruction continued on the next line
        while (depth > 0 && m_index < m_lines.size()) {
            const int ptxLine = ++m_index;
            QString line = stripComment(m_lines[ptxLine - 1]).trimmed();
            if (!pending.isEmpty()) {
                line = pending + QLatin1Char(' ') + line;
                pending.clear();
            }
            if (line.isEmpty())
                continue;
            if (line == QLatin1String("{")) {
                ++depth;
                continue;
            }
            if (line == QLatin1String("}")) {
                --depth;
                continue;
            }
            static const QRegularExpression label(QStringLiteral("^([A-Za-z_$][\\w$]*):\\s*$"));
            const QRegularExpressionMatch l = label.match(line);
            if (l.hasMatch()) {
                if (!blocks.last().instructions.isEmpty() || !blocks.last().label.isEmpty())
                    blocks.append(PtxBlock());
                blocks.last().label = l.captured(1);
                afterBranch = false;
                continue;
            }
            if (line.startsWith(QLatin1String(".loc"))) {
                readLoc(line, &file, &sourceLine);
                continue;
            }
            if (line.startsWith(QLatin1Char('.'))) {
                if (line.startsWith(QLatin1String(".shared")))
                    function.sharedBytes += sharedDeclarationBytes(line);
                continue; // .reg, .local, .param, .pragma, …
            }
            if (!line.endsWith(QLatin1Char(';'))) {
                pending = line;
                continue;
            }
            PtxInstruction instruction;
            if (!readInstruction(line, &instruction)) {
                problem(ptxLine, QStringLiteral("unreadable instruction '%1'").arg(line.left(60)));
                continue;
            }
            instruction.file = file;
            instruction.line = sourceLine;
            instruction.ptxLine = ptxLine;
            if (afterBranch) {
                blocks.append(PtxBlock());
                afterBranch = false;
            }
            blocks.last().instructions << instruction;
            afterBranch = instruction.cls == PtxClass::Branch && !instruction.opcode.startsWith(QLatin1String("call"));
        }
        if (depth > 0)
            problem(startLine, QStringLiteral("function %1 is not closed").arg(function.name));
        if (blocks.size() > 1 && blocks.first().instructions.isEmpty() && blocks.first().label.isEmpty())
            blocks.removeFirst();
        function.blocks = blocks;
        linkBlocks(function);
        m_module.functions << function;
    }

    // `.loc 1 24 9` or, for inlined code, `.loc 2 84 3, function_name …, inlined_at 1 24 9`:
    // the source line is where the user's code is, the inlined_at call site.
    static void readLoc(const QString& line, int* file, int* sourceLine)
    {
        static const QRegularExpression inlined(QStringLiteral("inlined_at\\s+(\\d+)\\s+(\\d+)"));
        static const QRegularExpression plain(QStringLiteral("^\\.loc\\s+(\\d+)\\s+(\\d+)"));
        QRegularExpressionMatch m = inlined.match(line);
        if (!m.hasMatch())
            m = plain.match(line);
        if (m.hasMatch()) {
            *file = m.captured(1).toInt();
            *sourceLine = m.captured(2).toInt();
        }
    }

    static bool readInstruction(const QString& statement, PtxInstruction* instruction)
    {
        static const QRegularExpression form(QStringLiteral("^(@!?%?[\\w$]+\\s+)?([a-z][\\w.]*)\\s*(.*);$"));
        const QRegularExpressionMatch m = form.match(statement);
        if (!m.hasMatch())
            return false;
        instruction->predicated = !m.captured(1).isEmpty();
        instruction->opcode = m.captured(2);
        instruction->cls = classifyPtxOpcode(instruction->opcode);
        if (instruction->opcode.startsWith(QLatin1String("bra")))
            instruction->target = m.captured(3).trimmed();
        return true;
    }

    QStringList m_lines;
    QString m_fileName;
    int m_index = 0; // the next line to read (0-based)
    PtxModule m_module;
};

} // namespace

PtxModule readPtx(const QByteArray& text, const QString& fileName)
{
    return Reader(text, fileName).read();
}

} // namespace slicewatt
