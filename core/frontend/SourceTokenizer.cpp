// SPDX-License-Identifier: GPL-3.0-or-later
#include "SourceTokenizer.h"

#include "ClangHandles.h"

#include <QSet>

#include <algorithm>
#include <array>

namespace slicewatt {
namespace {

// Far beyond any source a person reads; the code view refuses files this large anyway.
constexpr qsizetype kMaxTokenizeBytes = 16 * 1024 * 1024;

// A path no real file has: the text only ever exists as an unsaved buffer.
constexpr char kVirtualPath[] = "/__slicewatt_highlight__/source.cpp";

const QSet<QString>& cudaQualifiers()
{
    static const QSet<QString> words = {QStringLiteral("__global__"), QStringLiteral("__device__"),
        QStringLiteral("__host__"), QStringLiteral("__shared__"), QStringLiteral("__constant__"),
        QStringLiteral("__managed__"), QStringLiteral("__restrict__"), QStringLiteral("__forceinline__"),
        QStringLiteral("__launch_bounds__"), QStringLiteral("__noinline__"), QStringLiteral("__grid_constant__")};
    return words;
}

const QSet<QString>& builtinVariables()
{
    static const QSet<QString> words = {QStringLiteral("threadIdx"), QStringLiteral("blockIdx"),
        QStringLiteral("blockDim"), QStringLiteral("gridDim"), QStringLiteral("warpSize")};
    return words;
}

const QSet<QString>& memoryIntrinsics()
{
    static const QSet<QString> words = {QStringLiteral("__syncthreads"), QStringLiteral("__syncthreads_count"),
        QStringLiteral("__syncthreads_and"), QStringLiteral("__syncthreads_or"), QStringLiteral("__syncwarp"),
        QStringLiteral("__threadfence"), QStringLiteral("__threadfence_block"), QStringLiteral("__threadfence_system"),
        QStringLiteral("tex1D"), QStringLiteral("tex2D"), QStringLiteral("tex3D"), QStringLiteral("tex1Dfetch"),
        QStringLiteral("tex1DLayered"), QStringLiteral("tex2DLayered"), QStringLiteral("texCubemap"),
        QStringLiteral("tex2Dgather"), QStringLiteral("tex1DLod"), QStringLiteral("tex2DLod"),
        QStringLiteral("tex3DLod"), QStringLiteral("texture"), QStringLiteral("surface"), QStringLiteral("surf1Dread"),
        QStringLiteral("surf2Dread"), QStringLiteral("surf3Dread"), QStringLiteral("surf1Dwrite"),
        QStringLiteral("surf2Dwrite"), QStringLiteral("surf3Dwrite"), QStringLiteral("__ldg"), QStringLiteral("__ldcg"),
        QStringLiteral("__ldca"), QStringLiteral("__ldcs"), QStringLiteral("__ldlu"), QStringLiteral("__ldcv"),
        QStringLiteral("__stwb"), QStringLiteral("__stcg"), QStringLiteral("__stcs"), QStringLiteral("__stwt"),
        QStringLiteral("__ballot_sync"), QStringLiteral("__any_sync"), QStringLiteral("__all_sync"),
        QStringLiteral("__activemask")};
    return words;
}

// Keywords that name built-in types (highlighted like the CUDA vector types).
const QSet<QString>& builtinTypeKeywords()
{
    static const QSet<QString> words = {QStringLiteral("void"), QStringLiteral("bool"), QStringLiteral("char"),
        QStringLiteral("char8_t"), QStringLiteral("char16_t"), QStringLiteral("char32_t"), QStringLiteral("wchar_t"),
        QStringLiteral("short"), QStringLiteral("int"), QStringLiteral("long"), QStringLiteral("float"),
        QStringLiteral("double"), QStringLiteral("signed"), QStringLiteral("unsigned")};
    return words;
}

const QSet<QString>& typeNames()
{
    static const QSet<QString> words = [] {
        QSet<QString> set = {QStringLiteral("dim3"), QStringLiteral("half"), QStringLiteral("half2"),
            QStringLiteral("__half"), QStringLiteral("__half2"), QStringLiteral("__nv_bfloat16"),
            QStringLiteral("__nv_bfloat162"), QStringLiteral("size_t"), QStringLiteral("ptrdiff_t"),
            QStringLiteral("intptr_t"), QStringLiteral("uintptr_t"), QStringLiteral("cudaError_t"),
            QStringLiteral("cudaStream_t"), QStringLiteral("cudaEvent_t"), QStringLiteral("cudaTextureObject_t"),
            QStringLiteral("cudaSurfaceObject_t"), QStringLiteral("uint"), QStringLiteral("ushort"),
            QStringLiteral("uchar"), QStringLiteral("ulong")};
        for (const char* bits : {"8", "16", "32", "64"}) {
            set.insert(QStringLiteral("int%1_t").arg(QLatin1String(bits)));
            set.insert(QStringLiteral("uint%1_t").arg(QLatin1String(bits)));
        }
        // CUDA's vector types: char1 ... ulonglong4, float1 ... double4.
        for (const char* base : {"char", "uchar", "short", "ushort", "int", "uint", "long", "ulong", "longlong",
                 "ulonglong", "float", "double"}) {
            for (int n = 1; n <= 4; ++n)
                set.insert(QLatin1String(base) + QString::number(n));
        }
        return set;
    }();
    return words;
}

// atomicAdd, atomicCAS_block ...: a capital after "atomic" keeps std::atomic and user
// names such as atomicity out.
bool isAtomicIntrinsic(const QString& word)
{
    return word.size() > 6 && word.startsWith(QLatin1String("atomic")) && word.at(6).isUpper();
}

// Frees libclang's token array with the unit that owns it.
class TokenArray {
public:
    TokenArray(CXTranslationUnit tu, CXSourceRange range)
        : m_tu(tu)
    {
        clang_tokenize(tu, range, &m_tokens, &m_count);
    }
    ~TokenArray()
    {
        if (m_tokens)
            clang_disposeTokens(m_tu, m_tokens, m_count);
    }
    TokenArray(const TokenArray&) = delete;
    TokenArray& operator=(const TokenArray&) = delete;

    unsigned size() const { return m_tokens ? m_count : 0; }
    CXToken at(unsigned i) const { return m_tokens[i]; }

private:
    CXTranslationUnit m_tu;
    CXToken* m_tokens = nullptr;
    unsigned m_count = 0;
};

// Walks the UTF-8 text forwards, keeping the line and the UTF-16 column libclang's byte
// offsets correspond to. Tokens come in order, so one pass converts them all.
class Utf16Cursor {
public:
    explicit Utf16Cursor(const QByteArray& bytes)
        : m_bytes(bytes)
    {
    }

    qsizetype offset() const { return m_offset; }
    int line() const { return m_line; }
    int column() const { return m_column; } // 0-based, UTF-16 units
    bool atNewline() const { return m_offset < m_bytes.size() && m_bytes.at(m_offset) == '\n'; }

    void advanceTo(qsizetype target)
    {
        while (m_offset < target && m_offset < m_bytes.size())
            step();
    }

    void step()
    {
        const auto lead = static_cast<unsigned char>(m_bytes.at(m_offset));
        if (lead == '\n') {
            ++m_line;
            m_column = 0;
            ++m_offset;
            return;
        }
        qsizetype length = 1;
        if ((lead & 0xE0) == 0xC0)
            length = 2;
        else if ((lead & 0xF0) == 0xE0)
            length = 3;
        else if ((lead & 0xF8) == 0xF0)
            length = 4;
        m_offset = std::min(m_offset + length, m_bytes.size());
        m_column += length == 4 ? 2 : 1; // beyond the BMP: a surrogate pair
    }

private:
    const QByteArray& m_bytes;
    qsizetype m_offset = 0;
    int m_line = 1;
    int m_column = 0;
};

// Collects pieces, merging a directive's tokens on one line into a single run so the
// spaces between them are coloured too.
class TokenSink {
public:
    void add(int line, int column, int length, TokenClass cls)
    {
        if (length <= 0)
            return;
        if (cls == TokenClass::Preprocessor && !m_tokens.isEmpty()) {
            SourceToken& last = m_tokens.last();
            if (last.cls == TokenClass::Preprocessor && last.line == line) {
                last.length = column + length - last.column;
                return;
            }
        }
        m_tokens.append(SourceToken{line, column, length, cls});
    }

    // One piece per line of the byte range [begin, end).
    void addRange(Utf16Cursor& cursor, qsizetype begin, qsizetype end, TokenClass cls)
    {
        cursor.advanceTo(begin);
        int startColumn = cursor.column();
        while (cursor.offset() < end) {
            if (cursor.atNewline()) {
                add(cursor.line(), startColumn + 1, cursor.column() - startColumn, cls);
                cursor.step();
                startColumn = 0;
            } else {
                cursor.step();
            }
        }
        add(cursor.line(), startColumn + 1, cursor.column() - startColumn, cls);
    }

    QVector<SourceToken> take() { return std::move(m_tokens); }

private:
    QVector<SourceToken> m_tokens;
};

// A `#` is a directive's start when only blanks precede it on its line.
bool startsDirective(const QByteArray& bytes, qsizetype hash)
{
    for (qsizetype i = hash - 1; i >= 0; --i) {
        const char c = bytes.at(i);
        if (c == '\n')
            return true;
        if (c != ' ' && c != '\t' && c != '\r' && c != '\f' && c != '\v')
            return false;
    }
    return true;
}

// The offset of the newline that ends the directive starting at `hash` (backslash
// continuations included), or the text's end.
qsizetype directiveEnd(const QByteArray& bytes, qsizetype hash)
{
    for (qsizetype i = hash; i < bytes.size(); ++i) {
        if (bytes.at(i) != '\n')
            continue;
        qsizetype before = i - 1;
        if (before >= 0 && bytes.at(before) == '\r')
            --before;
        if (before < 0 || bytes.at(before) != '\\')
            return i;
    }
    return bytes.size();
}

TokenClass literalClass(const QByteArray& bytes, qsizetype begin)
{
    const char first = bytes.at(begin);
    return (first >= '0' && first <= '9') || first == '.' ? TokenClass::NumberLiteral : TokenClass::StringLiteral;
}

unsigned fileOffset(CXSourceLocation location)
{
    unsigned offset = 0;
    clang_getFileLocation(location, nullptr, nullptr, nullptr, &offset);
    return offset;
}

} // namespace

TokenClass classifyWord(const QString& spelling, bool isKeyword)
{
    // Qualifiers first: with -x c++ some (__restrict__) are keywords, most are identifiers.
    if (cudaQualifiers().contains(spelling))
        return TokenClass::CudaQualifier;
    if (isKeyword)
        return builtinTypeKeywords().contains(spelling) ? TokenClass::Type : TokenClass::Keyword;
    if (builtinVariables().contains(spelling))
        return TokenClass::BuiltinVariable;
    if (memoryIntrinsics().contains(spelling) || isAtomicIntrinsic(spelling)
        || spelling.startsWith(QLatin1String("__shfl")))
        return TokenClass::MemoryIntrinsic;
    if (typeNames().contains(spelling))
        return TokenClass::Type;
    return TokenClass::Identifier;
}

QVector<SourceToken> tokenizeSource(const QString& text)
{
    const QByteArray bytes = text.toUtf8();
    if (bytes.isEmpty() || bytes.size() > kMaxTokenizeBytes)
        return {};

    IndexHandle index(clang_createIndex(0, 0));
    if (!index)
        return {};
    // No includes, no CUDA: the parse exists only so clang_tokenize has a unit to lex in,
    // so it is kept as cheap as libclang allows (one file, no bodies, no warnings).
    const std::array<const char*, 7> args
        = {"-x", "c++", "-std=c++17", "-nostdinc", "-nostdinc++", "-w", "-ferror-limit=1"};
    CXUnsavedFile unsaved{kVirtualPath, bytes.constData(), static_cast<unsigned long>(bytes.size())};
    const unsigned flags = CXTranslationUnit_SingleFileParse | CXTranslationUnit_SkipFunctionBodies
        | CXTranslationUnit_Incomplete | CXTranslationUnit_KeepGoing;
    CXTranslationUnit rawTu = nullptr;
    const CXErrorCode code = clang_parseTranslationUnit2(
        index.get(), kVirtualPath, args.data(), int(args.size()), &unsaved, 1, flags, &rawTu);
    TranslationUnitHandle tu(rawTu);
    if (code != CXError_Success || !tu)
        return {};

    CXFile file = clang_getFile(tu.get(), kVirtualPath);
    if (!file)
        return {};
    const CXSourceRange whole = clang_getRange(clang_getLocationForOffset(tu.get(), file, 0),
        clang_getLocationForOffset(tu.get(), file, unsigned(bytes.size())));
    const TokenArray tokens(tu.get(), whole);

    Utf16Cursor cursor(bytes);
    TokenSink sink;
    qsizetype directiveUntil = -1; // end of the directive the current token is in
    for (unsigned i = 0; i < tokens.size(); ++i) {
        const CXToken token = tokens.at(i);
        const CXSourceRange extent = clang_getTokenExtent(tu.get(), token);
        const qsizetype begin = fileOffset(clang_getRangeStart(extent));
        const qsizetype end = fileOffset(clang_getRangeEnd(extent));
        // Out of order or out of range would break the one-pass conversion: skip it.
        if (begin < cursor.offset() || end <= begin || end > bytes.size())
            continue;

        const CXTokenKind kind = clang_getTokenKind(token);
        if (kind == CXToken_Punctuation && bytes.at(begin) == '#' && begin > directiveUntil
            && startsDirective(bytes, begin))
            directiveUntil = directiveEnd(bytes, begin);

        TokenClass cls = TokenClass::Punctuation;
        if (kind == CXToken_Comment) {
            cls = TokenClass::Comment;
        } else if (begin < directiveUntil) {
            cls = TokenClass::Preprocessor;
        } else if (kind == CXToken_Literal) {
            cls = literalClass(bytes, begin);
        } else if (kind == CXToken_Keyword || kind == CXToken_Identifier) {
            cls = classifyWord(QString::fromUtf8(bytes.constData() + begin, end - begin), kind == CXToken_Keyword);
        }
        sink.addRange(cursor, begin, end, cls);
    }
    return sink.take();
}

} // namespace slicewatt
