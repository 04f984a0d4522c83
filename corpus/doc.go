// Package corpus ships the OCR texts of the patience books pasyans studies,
// reads user text files in the encodings old Russian texts come in, and
// splits each text into blocks that the later stages (normalize, link)
// work on.
//
// # Documents
//
// Embedded returns the four shipped documents (see data/PROVENANCE.md):
// 000–002 are OCR of the Russian translation of Cadogan's Illustrated Games
// of Patience, in pre-reform spelling with heavy OCR noise (002 re-scans the
// end of 000); 004 is a page of Pujol's book in modern spelling. Open takes
// an embedded name or a file path; Read takes any io.Reader.
//
// # Reading
//
// Every input is read by one streaming reader, the same that normalize
// uses (the internal textin package): the encoding is detected from the
// first 64 KiB — a BOM selects UTF-8 or UTF-16 (LE/BE); a sample with NUL
// bytes is tried as UTF-16 without a BOM in both byte orders and taken when
// it reads as Cyrillic prose, else refused as binary; valid UTF-8 is UTF-8
// (an invalid sequence later is then an error); otherwise the sample is
// decoded as Windows-1251 and as KOI8-R and each result is scored as
// Russian prose — mean log-probability of its letters under Russian letter
// frequencies, plus the share of words with a sane case pattern (a wrong
// 8-bit table swaps cases, giving "пРИВЕТ"), plus the share of lower-case
// letters — and the better one wins if it reads as prose at all. The input
// is decoded as a stream (golang.org/x/text transformers) with CRLF and CR
// turned into LF and the text put in NFC, so memory is the resulting
// string plus fixed buffers; a line longer than Options.MaxLine (32 MiB by
// default) stops the read. Refused, with an error naming the file:
// empty input (ErrEmpty), NUL bytes or control characters (ErrBinary),
// invalid UTF-8 that no known encoding explains (ErrEncoding), text that is
// not Cyrillic prose (ErrNotProse: too few Cyrillic letters, mostly
// non-letters, mixed-case words or non-Russian letter frequencies), an
// over-long line (ErrLineTooLong), and, from Open, directories
// (ErrDirectory) and missing files. Every call takes a context and stops
// with its error when it is cancelled.
//
// # Blocks
//
// A document is a list of blocks in text order. Each has a Kind, its exact
// Text and Span (byte offsets into Document.Text, 1-based lines and rune
// columns), and the ID of the game it belongs to. corpus knows no game of
// its own: the caller passes the games it should recognise, with their
// IDs, titles and vocabulary, in Options.Games (link.Games gives those of
// the engine's catalog); without them no block gets a game. Lines are
// grouped into units first: a non-blank line,
// continued by the next line when the paragraph is hard-wrapped (the line
// does not end a sentence and the next one starts in lower case, or the
// document separates paragraphs by blank lines), or when a rule's last
// words sit on a short line of their own. Each unit then gets its kind:
//
//   - page-header: a short line with "страница N" / "стр. N".
//   - page-number: a bare number line ("12", "— 12 —") that is not a
//     footnote label.
//   - footnote: the text after a bare number line N, when the document has
//     a marker [N] or the previous block is footnote N-1. FootnoteNumber is
//     N; the number line itself is the label, not part of the text.
//   - rule: a line opening with a Roman number I–XXXIX and a full stop (Latin
//     capitals or their twins in Cyrillic print: І, Ӏ and l for I, Ѵ for V,
//     Х for X); RuleNumber is the number in Latin capitals.
//   - section: a one-word line "Правила." or "Игра." (OCR tolerant).
//   - deck: a short line naming packs and cards ("ДВѢ ПОЛНЫХЪ КОЛОДЫ
//     КАРТЪ."), set in capitals or opening with a number word.
//   - game-heading: a line that is a game's title set in capitals
//     ("ЧЕТЫРЕ УГЛА."), a title line naming a game other than the current
//     one, or a title opening a paragraph as its first sentence
//     ("Наполеоновский пасьянс. Для пасьянса …"), which is split off the
//     paragraph. A heading makes its game current. A line shaped like a
//     heading — at most six words, mostly capitals, ending in a full stop,
//     no other sentence punctuation, no digits — that names none of the
//     games ("ЧАСЫ.", "КРАСАВИЦА ЛЮСИ.") is the heading of a game the
//     segmenter does not know: it and the blocks after it, up to the next heading,
//     get no game (Game "").
//   - caption: a title line in ordinary case naming the current game — the
//     figure caption repeated after or inside the game's description
//     ("Четыре угла.", "3одіакъ."); under the heading of an unknown game, a
//     short line repeating that heading ("Часы." after "ЧАСЫ.", one OCR
//     error allowed), with no game.
//   - title: the book's title, the first line of a document when it does not
//     end a sentence, is at most 15 words and speaks of пасьянсы.
//   - paragraph: everything else.
//
// Every block also lists the footnote markers ("[4]") in its text in
// Markers, and MarkerBlocks links each to the footnote block of the same
// document; a footnote takes the game of the text that marks it.
//
// # Titles and games
//
// Titles are matched, never looked up verbatim: both the line and each
// title of the games are folded (glyph.Fold of the internal glyph
// package: lower case; ѣ and its OCR stand-in ђ, ё → е; і, ѵ, й → и; Latin
// look-alikes → Cyrillic; the digits OCR prints for letters, 3 → з, 0 → о
// and 6 → б, inside words; final ъ dropped; punctuation and quotes removed; a generic
// "пасьянс" at either end dropped), and the folded line must be within a
// small edit distance of a folded title (none for up to 4 letters, then one
// per 6 letters). A re-OCR with other errors in the headings therefore still
// segments the same.
//
// A document may start in the middle of a game. The blocks before the first
// heading take the game of the first caption when one comes first (a
// caption follows its game's text), or else the game whose vocabulary
// (Game.Vocabulary: word stems such as "султан", "крыл", "экватор") clearly
// dominates them: a word counts when it is a stem with an inflectional
// ending ("кругомъ" is a form of "круг", "лучше" none of "луч"), and the
// best game needs at least two such words and more than twice as many as
// the runner-up; else the blocks get no game. Blocks attributed by
// vocabulary have Block.GameGuessed set: the attribution is a guess the
// linker checks against the text. Vocabulary is never used after the first
// heading. A caption whose game's vocabulary is absent while another
// game's dominates is taken as a heading instead.
//
// # Duplicates
//
// LinkDuplicates finds passages scanned twice in different documents:
// blocks of the same game compared by character-trigram Jaccard similarity
// of their folded texts (≥ 0.5), or containment (≥ 0.85 of the shorter's
// trigrams) when one reading is cut off at a page break; short blocks (under
// 16 folded runes) must be game headings or captions of the same kind and
// within twice the title matcher's edit tolerance of each other. Section
// headings and deck lines, which every game repeats word for word, are
// never paired; blocks under headings of two different unknown games are
// not either. Mutual best matches are linked through Block.Duplicate in
// both directions.
package corpus
