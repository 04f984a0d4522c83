// Package normalize turns pre-reform (pre-1918) Russian OCR text into
// modern Russian spelling, repairs the OCR damage, and explains every edit.
//
// # Pipeline
//
// The text is cut into tokens that keep every byte (words, numbers, Roman
// numerals, footnote markers such as "[6]", punctuation, white space, line
// breaks). A word hyphenated across a line break ("прави-\nламъ") is joined
// and the joined word is written on the first line, so the output has
// exactly one line per input line; before a particle written with a hyphen
// (нибудь, либо, то, таки, ка) the hyphen stays ("какое-\nнибудь" →
// "какое-нибудь"), also when the first half still needs OCR correction. A
// "/к" starting a word ("/келаніе") is part of the word. Each word then
// goes through three stages, in this order:
//
//  1. Character repair, needing no lexicon: ђ/Ђ read as the yat ѣ/Ѣ (upper
//     case in an all-caps word), Latin look-alikes inside a Cyrillic word
//     (the one table of the internal glyph package: I→І, a→а, …, l→і, and
//     the italic shapes u→и, n→п, r→г, m→т, k→к, b→ь), the digits 3/0 next
//     to Cyrillic letters (З/О) and 6 after a lower-case Cyrillic letter
//     (б), a final
//     "іі" (й after a vowel, ій after a consonant), and a capital right
//     after a lower-case letter ("КаждыЙ").
//  2. Orthography reform of 1918: ѣ→е, і→и, ѳ→ф, ѵ→и (ѵ→у first when the
//     lexicon knows that reading), the final ъ after a consonant dropped
//     (also before "[", digits, hyphens and punctuation, which are separate
//     tokens), ъи→ы, the endings -ія (noun -ия or adjective -ие, whichever
//     the lexicon knows; -ия when neither), -іяся→-иеся, -ыя→-ые,
//     -аго/-агося→-ого/-его (-его after ж ч ш щ, except большаго, чужаго),
//     -яго→-его, the pronouns онѣ/однѣ(хъ/ми/мъ)/ея/нея, and the з/с prefixes
//     (без-/чрез-/через- before a voiceless consonant, из-/раз-/роз-/воз-/
//     низ- before с; раз-/роз- before сч also with one с, разсчетъ→расчет)
//     when the lexicon confirms the new form. A word that the
//     lexicon knows as it stands keeps its ending (выя, благо). Case is kept
//     (ДВѢ→ДВЕ, Онѣ→Они).
//  3. OCR correction of the words the lexicon still does not know (see
//     below).
//
// Modern text passes through byte for byte: a document is taken as
// pre-reform when at least two words, and at least one in fifty, have a
// pre-reform letter (ѣ ђ і ѳ ѵ) or a final ъ; in any other document only
// such words are changed, everything else (unknown names, brand spellings,
// typos, -аго names such as "Сантьяго") is copied unchanged.
//
// In a pre-reform document, hyphens that modern spelling writes as spaces
// become spaces: before the particles же, ли, бы ("тотчасъ-же" → "тотчас
// же", "едва-ли" → "едва ли"), unless the two parts also make one word of
// the lexicon ("то-же" may be "тоже" or "то же", "что-бы" "чтобы" or "что
// бы": left as they are); in "то-есть"; and between the letters of an
// abbreviation ("т.-е." → "т. е.", "т.-к." → "т. к."). Real hyphenated
// words keep their hyphen ("какой-нибудь", "по-русски", "из-за"). Other
// optional modernisations are off, as in the hand-made references
// (gold/README.md): "чрез", "при чем" and -ою/-ею stay, and ё is
// never written (ея→ее, нея→нее).
//
// # OCR correction
//
// For an unknown word the corrector enumerates rewrites of its repaired
// pre-reform spelling with a weighted confusion model (up to two rewrites,
// a lost word space counting as one), reforms each candidate and keeps
// those whose every part the lexicon knows. Costs come from the confusions
// counted in this corpus (docs/normalize.md) — the more frequent, the
// cheaper — plus the classic confusions of the old typefaces (ы read as
// ьі, ю as іо, ѣ as ь) and of similar letter shapes at a higher cost; a
// space is cheap right after a ъ the OCR printed (not one a rewrite made
// of ь), which ended every
// pre-reform word on a consonant ("другихъраздѣлсній" → "других
// разделений"). For the same reason no space is restored after a bare hard
// consonant ("раскладна" is not "расклад на"). Both halves of a split need
// two letters, except the conjunctions и, а before it ("иперенести") and a
// one-letter word after ъ ("уголъи" → "угол и", "кладутъвъ" → "кладут в";
// never a lone і, since the old spelling writes the conjunction и); the
// last part needs three once reformed (a content word, not "по на") unless
// it is a function word or pronoun after a word of three letters or more
// ("картуна" → "карту на"). Every restored space needs a mark: a ъ before
// it, a preposition, conjunction or particle, or a personal or
// demonstrative pronoun beside it ("настолѣ" → "на столѣ", "междуними",
// "мастионѣ"), or else the words on both sides spelled cleanly elsewhere in
// the input in some form of their stem (the first five letters; one side
// suffices when both have four letters or more). A word may take two
// restored spaces only if one follows a ъ ("чтовсѣхъраскладокъ").
// Candidates are
// ranked by cost minus a document-frequency bonus (0.15·log2(1+f), at most
// 0.6, where f counts the same modern word spelled cleanly elsewhere in the
// input; for a split, the smallest bonus of its parts; a single-word
// candidate that is a function word or pronoun counts at least 4, the
// prior of the most frequent words of the language, so "псдъ" is "под",
// not "пед"); a split scores
// 0.15 worse than a rewrite of the same cost (0.05 when its first part is
// a preposition, conjunction or particle, the words a lost space most often
// follows), so a tie goes to the single word.
// Candidates must stay within a budget by word
// length (0.35 for one or two letters, 0.6 for three, 0.7 for four, 1.2
// beyond). A tie between different words (score margin below 0.05) is not
// guessed. Besides the table's rewrites, a word of four letters or more
// may take one letter substituted, inserted or deleted (cost 1.0) provided
// the result is spelled cleanly at least twice elsewhere in the input: a
// confusion the table does not list needs document evidence.
// The work is bounded: at most 3000 variants per word, words of at most
// 30 letters, and a budget of 50000 + n/4 variants per chunk of n bytes,
// far above what real text needs; once it is spent (garbage input where
// every word is unknown and distinct) further words are left alone as
// ocr.unresolved, so time stays linear in the input.
// When nothing qualifies the word is left as the reform made it
// and its edit record carries ocr.unresolved with confidence 0. Context
// decides what is never touched: numbers and Roman numerals (not words),
// abbreviations (an unknown word followed by a period that is a single
// letter or has no vowel: "т. д.", "см.", "стр."; "напр." is in the
// lexicon), proper names (an unknown capitalized word
// that does not start a sentence or follow an opening quote « „, or that
// follows a hyphen as in "де-Люинь"),
// short all-caps acronyms, and words with Latin letters or digits left.
// Confidence of a correction is exp(−cost)·(0.5+0.5·m), m being the score
// margin to the runner-up divided by 0.5 (capped at 1).
//
// # Lexicon
//
// The lexicon is Debian's hunspell-ru 1:7.5.0-1 (Alexander I. Lebedev's
// dictionary; byte-identical to npm dictionary-ru 3.0.0), embedded in UTF-8
// as shipped (lexicon/ru_RU.dic, lexicon/ru_RU.aff) with its licence notice
// (lexicon/LICENSE). It is looked up the hunspell way, never expanded: for
// every suffix of the word that is some SFX rule's add-string, strip it,
// restore the rule's strip-string, check the rule's condition and look the
// stem up with the rule's flag in a map of 146k stems. Lookups fold ё to е
// and lower case; a word written in lower case is not verified by a proper
// name. The lookup is the OCR corrector's inner loop (hundreds of candidate
// spellings per damaged word, nearly none of them words), so a candidate
// stem reaches the map only past two cheap refusals: the letters the rules'
// conditions accept at the end of the stripped word, and a Bloom filter of
// the stems keyed by a polynomial hash, which the word's prefix hashes give
// for every stem without building it. The corrector asks whether a
// candidate's reform reading is known on bytes in reusable buffers
// (reformKnown, which a test holds to reform's answer) and builds the
// modern form only for the few that are. pasyans modifies the lexicon — the combined lexicon is marked as a
// modified version — in three documented ways:
//
//   - lexicon/supplement.dic adds card-game words and their forms
//     (марьяж with a plural, ремиз, роббер, тузовый, …) and participles of
//     card-handling verbs (спарованный, обороченный, перевороченный), each
//     commented with why;
//   - nouns marked singular-only (flag J) also take the plural endings of
//     flag K: hunspell-ru marks many verbal nouns in -ение so, although
//     their plural is ordinary ("разделений");
//   - two regular derivations it lacks: -вши gerunds from the -в gerund
//     ("разложивши" from "разложив"), and short passive participles in
//     -им/-ем(а/о/ы) from the long form ("переводимы" from "переводимый").
//
// # Rules
//
// Every edit record names the rules that produced it. The names are
// stable:
//
//	rule                        stage    what it does
//	ocr.dje-for-yat             repair   ђ/Ђ (the OCR's reading of the yat) → ѣ/Ѣ
//	ocr.latin-lookalike         repair   Latin letter inside a Cyrillic word → the Cyrillic letter of its shape (I→І, a→а, u→и, b→ь …)
//	ocr.digit-for-letter        repair   digit 3/0 next to Cyrillic letters → З/О, 6 after a lower-case letter → б
//	ocr.double-i-for-short-i    repair   final іі (or ии by lexicon) → й, or ій after a consonant
//	ocr.stray-capital           repair   capital after a lower-case letter → lower case
//	ocr.slash-k-for-zh          ocr      "/к" → ж (0.10)
//	ocr.izhitsa-for-u           reform   ѵ read as у where the lexicon knows that word
//	reform.yat                  reform   ѣ → е
//	reform.i-decimal            reform   і → и
//	reform.fita                 reform   ѳ → ф
//	reform.izhitsa              reform   ѵ → и
//	reform.final-hard-sign      reform   final ъ after a consonant dropped
//	reform.hard-sign-i          reform   ъи → ы
//	reform.ending-ago           reform   -аго/-агося → -ого/-его(ся)
//	reform.ending-yago          reform   -яго/-ягося → -его(ся)
//	reform.ending-yya           reform   -ыя → -ые
//	reform.ending-iya           reform   -ія → -ие (adjectives; nouns keep -ия by reform.i-decimal)
//	reform.ending-iyasya        reform   -іяся → -иеся
//	reform.prefix-z-s           reform   без/чрез/через before a voiceless consonant, из/раз/роз/воз/низ before с → -с
//	reform.pronoun              reform   онѣ→они, однѣ→одни, однѣхъ/ми/мъ→одних/ми/м, ея→ее, нея→нее
//	reform.particle-hyphen      reform   the particles же, ли, бы (ж, ль, б) after a hyphen written apart: тотчасъ-же → тотчас же; left as it is where the two parts also make one word (то-же: тоже or то же; что-бы: чтобы or что бы)
//	reform.to-est               reform   то-есть → то есть
//	reform.abbreviation-hyphen  reform   the hyphen between the letters of an abbreviation written as a space: т.-е. → т. е., т.-к. → т. к.
//	join.line-hyphen            tokens   word hyphenated across a line break joined on the first line
//	join.soft-hyphen            tokens   soft hyphen (U+00AD) inside a word removed
//	ocr.word-split              ocr      a lost space restored (0.60; 0.15 after a ъ the OCR printed)
//	ocr.n-for-i                 ocr      н printed for и (0.30)
//	ocr.i-for-n                 ocr      и printed for н (0.50)
//	ocr.i-for-p                 ocr      и printed for п (0.50)
//	ocr.p-for-i                 ocr      п printed for и (0.50)
//	ocr.n-for-p                 ocr      н printed for п (0.50)
//	ocr.p-for-n                 ocr      п printed for н (0.50)
//	ocr.e-for-s                 ocr      е printed for с (0.40)
//	ocr.s-for-e                 ocr      с printed for е (0.40)
//	ocr.s-for-o                 ocr      с printed for о (0.60)
//	ocr.o-for-s                 ocr      о printed for с (0.70)
//	ocr.d-for-l                 ocr      д printed for л (0.50)
//	ocr.l-for-d                 ocr      л printed for д (0.60)
//	ocr.short-i-for-i           ocr      й printed for и (0.50)
//	ocr.i-for-short-i           ocr      и printed for й (0.60)
//	ocr.iz-for-v                ocr      із/из printed for в (0.40)
//	ocr.tyu-for-po              ocr      тю printed for по (0.50)
//	ocr.t-for-p                 ocr      т printed for п (0.70)
//	ocr.a-for-ya                ocr      а printed for я (0.60)
//	ocr.ya-for-a                ocr      я printed for а (0.70)
//	ocr.p-for-v                 ocr      п printed for в (0.60)
//	ocr.i-for-y                 ocr      и printed for ы (0.60)
//	ocr.y-for-i                 ocr      ы printed for и (0.70)
//	ocr.sh-for-shch             ocr      ш printed for щ (0.60)
//	ocr.shch-for-sh             ocr      щ printed for ш (0.60)
//	ocr.g-for-t                 ocr      г printed for т (0.70)
//	ocr.ts-for-p                ocr      ц printed for п (0.70)
//	ocr.soft-for-hard-sign      ocr      ь printed for ъ (0.30)
//	ocr.hard-for-soft-sign      ocr      ъ printed for ь (0.60)
//	ocr.n-for-ya                ocr      final "сн" for "ся" (0.50)
//	ocr.soft-sign-i-for-y       ocr      ьі printed for ы (0.30)
//	ocr.hard-sign-i-for-y       ocr      ъі printed for ы (0.40)
//	ocr.io-for-yu               ocr      іо printed for ю (0.50)
//	ocr.soft-sign-for-yat       ocr      ь printed for ѣ (0.50)
//	ocr.l-for-p                 ocr      л printed for п (0.70)
//	ocr.p-for-l                 ocr      п printed for л (0.70)
//	ocr.z-for-eh                ocr      з printed for э (0.70)
//	ocr.eh-for-z                ocr      э printed for з (0.70)
//	ocr.ts-for-shch             ocr      ц printed for щ (0.70)
//	ocr.shch-for-ts             ocr      щ printed for ц (0.70)
//	ocr.substitution            ocr      one letter replaced, by document evidence only (1.00)
//	ocr.insertion               ocr      one missing letter inserted, by document evidence only (1.00)
//	ocr.deletion                ocr      one extra letter deleted, by document evidence only (1.00)
//	ocr.unresolved              ocr      unknown word left as the reform made it; confidence 0
//
// Edit records of repair and reform have confidence 1 when the lexicon
// knows the result and 0.9 when it does not but the word is not one the
// corrector may touch (a name, an abbreviation).
//
// # Evaluation protocol
//
// Evaluate (and "pasyans normalize eval") scores output against a
// hand-made modern reference: both texts in NFC, lower-cased, ё counted as
// е, CRLF as LF. CER is the Levenshtein distance over characters divided by
// the reference length, with every run of white space counted as one space
// and each line break as one character; WER is the Levenshtein distance
// over word tokens (maximal runs of letters and digits, punctuation and
// hyphens ignored) divided by the number of reference words. When output
// and reference have the same number of lines they are aligned line by
// line, otherwise as whole texts. The error reduction is (raw − output) /
// raw, raw being the score of the unnormalized input.
//
// # Inputs and streaming
//
// Document and Align take text already decoded (a string); Stream reads
// any input — a file, standard input, an io.Reader — through the same
// reader as the corpus package: the encoding is detected (UTF-8 with or
// without BOM, UTF-16 with a BOM or, by a documented heuristic, without
// one, Windows-1251, KOI8-R), the text decoded to NFC with LF line ends,
// binary data refused, and a line longer than StreamOptions.MaxLine
// (DefaultMaxLine, 32 MiB) stops the stream with ErrLineTooLong instead of
// exhausting memory. Stream works on chunks of whole lines (StreamChunk
// bytes) and keeps its caches bounded, so its memory is flat in the input's
// size (1 GiB of varied text in a 68 MB peak, scripts/mem-normalize.sh);
// see its documentation for the running document-frequency prior. Every
// call takes a context and stops with its error when it is cancelled.
//
// Align gives Document's text with the token boundaries only, which is
// what a caller mapping passages between the original and the modern text
// needs (the link package).
package normalize
