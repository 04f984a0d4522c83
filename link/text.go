package link

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/pasyans/pasyans/internal/glyph"
)

// This file holds the text side of the linker: folding a word to a
// spelling-neutral form, stemming it, and scoring how well a catalog term
// phrase occurs in a passage. Everything is built to survive both
// pre-reform spelling and OCR damage, so a re-OCR with different errors
// still scores like the clean text.

// word is one word of a passage or a term, folded and stemmed.
type word struct {
	fold  string   // lower case, spelling-neutral (see foldRune)
	root  string   // fold without its inflectional ending
	stem  string   // root cut to at most stemLen runes
	tri   []uint64 // the character trigrams of ^fold$, sorted
	start int      // byte offset of the word in the text it came from
	end   int      // byte offset just after the word
}

// stemLen is the length of the prefix stems words are compared on.
const stemLen = 5

// minDice is the lowest character-trigram Dice coefficient at which two
// words with different stems still count as the same (damaged) word.
const minDice = 0.5

// foldRune maps a rune to its spelling-neutral lower-case form
// (glyph.Fold: pre-reform letters and their OCR stand-ins to the modern
// letter, Latin look-alikes to Cyrillic, ё to е, й to и). It returns -1 for
// the hard sign, which is dropped.
func foldRune(r rune) rune {
	if r == 'ъ' || r == 'Ъ' {
		return -1
	}
	return glyph.Fold(r)
}

// isLetter reports whether r is a letter of a word (digits printed for
// letters are decided by context in words).
func isLetter(r rune) bool { return unicode.IsLetter(r) }

// isDigitLetter reports whether r is a digit OCR prints for a letter
// (glyph.DigitLetter: 3, 0, 6).
func isDigitLetter(r rune) bool {
	_, ok := glyph.DigitLetter(r, false)
	return ok
}

// words splits s into folded, stemmed words. The digits OCR prints for
// letters count as those letters when they touch a letter; "/к" inside a
// word is read as ж.
func words(s string) []word {
	var out []word
	scanWords(s, func(fold []byte, start, end int) {
		f := string(fold)
		root := root(f)
		out = append(out, word{fold: f, root: root, stem: prefix(root, stemLen), tri: trigrams(f), start: start, end: end})
	})
	return out
}

// scanWords calls fn with the fold and the byte range of each word of s
// (see words); fold is only valid during the call.
func scanWords(s string, fn func(fold []byte, start, end int)) {
	var b []byte
	start := -1
	flush := func(end int) {
		if start >= 0 && len(b) > 0 {
			fn(b, start, end)
		}
		b = b[:0]
		start = -1
	}
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		next, nsize := utf8.DecodeRuneInString(s[i+size:])
		switch {
		case isLetter(r):
			if start < 0 {
				start = i
			}
			if f := foldRune(r); f >= 0 {
				b = utf8.AppendRune(b, f)
			}
		case isDigitLetter(r) && (start >= 0 || (i+size < len(s) && isLetter(next))):
			if start < 0 {
				start = i
			}
			l, _ := glyph.DigitLetter(r, false)
			b = utf8.AppendRune(b, l)
		case r == '/' && start >= 0 && (next == 'к' || next == 'К'):
			b = utf8.AppendRune(b, 'ж')
			i += size + nsize
			continue
		default:
			flush(i)
		}
		i += size
	}
	flush(len(s))
}

// endings are Russian inflectional endings (folded: й is и), longest
// first, stripped to get a word's root.
var endings = []string{
	"иями", "ями", "ами", "ого", "его", "ому", "ему", "ыми", "ими", "ыис", "иеся",
	"ые", "ие", "ых", "их", "ым", "им", "ая", "яя", "ое", "ее", "ую", "юю", "ои",
	"еи", "ыи", "ии", "ом", "ем", "ам", "ям", "ах", "ях", "ов", "ев", "ию", "ия",
	"ть", "ют", "ут", "ет", "ит", "ат", "ят", "ся",
	"а", "я", "о", "е", "ы", "и", "у", "ю", "ь",
}

// root strips one inflectional ending from a folded word, keeping at
// least three runes.
func root(f string) string {
	n := utf8.RuneCountInString(f)
	for _, e := range endings {
		if strings.HasSuffix(f, e) && n-utf8.RuneCountInString(e) >= 3 {
			return f[:len(f)-len(e)]
		}
	}
	return f
}

// prefix returns the first n runes of s.
func prefix(s string, n int) string {
	i, k := 0, 0
	for i < len(s) && k < n {
		_, size := utf8.DecodeRuneInString(s[i:])
		i += size
		k++
	}
	return s[:i]
}

// stopWords lists function words that carry no meaning for linking.
var stopWords = map[string]bool{
	"и": true, "в": true, "во": true, "на": true, "не": true, "но": true, "а": true, "с": true, "со": true,
	"к": true, "ко": true, "о": true, "об": true, "от": true, "до": true, "по": true, "из": true, "за": true,
	"у": true, "же": true, "ли": true, "бы": true, "то": true, "что": true, "как": true, "так": true,
	"это": true, "или": true, "для": true, "при": true, "его": true, "ее": true, "их": true, "они": true,
	"он": true, "она": true, "оно": true, "все": true, "всю": true, "весь": true, "эти": true, "этот": true,
	"тот": true, "те": true, "чем": true, "чтобы": true, "если": true, "ни": true, "да": true, "уже": true,
	"лишь": true, "котор": true, "тех": true, "том": true, "этом": true, "пор": true, "тогда": true,
	"когда": true, "только": true, "можно": true, "быть": true, "будет": true, "может": true,
}

// content keeps the words that carry meaning: not a stop word and at
// least three letters long.
func content(ws []word) []word {
	out := ws[:0:0]
	for _, w := range ws {
		if utf8.RuneCountInString(w.fold) < 3 || stopWords[w.fold] || stopWords[w.stem] {
			continue
		}
		out = append(out, w)
	}
	return out
}

// dice returns the Dice coefficient of two sorted trigram multisets.
func dice(ta, tb []uint64) float64 {
	if len(ta) == 0 || len(tb) == 0 {
		return 0
	}
	common := 0
	for i, j := 0, 0; i < len(ta) && j < len(tb); {
		switch {
		case ta[i] == tb[j]:
			common++
			i++
			j++
		case ta[i] < tb[j]:
			i++
		default:
			j++
		}
	}
	return 2 * float64(common) / float64(len(ta)+len(tb))
}

// trigrams lists the character trigrams of ^w$, each packed into a
// uint64 (21 bits a rune), sorted.
func trigrams(w string) []uint64 {
	rs := make([]rune, 0, len(w)+2)
	rs = append(rs, '^')
	rs = append(rs, []rune(w)...)
	rs = append(rs, '$')
	if len(rs) < 3 {
		return nil
	}
	out := make([]uint64, 0, len(rs)-2)
	for i := 0; i+3 <= len(rs); i++ {
		out = append(out, uint64(rs[i])<<42|uint64(rs[i+1])<<21|uint64(rs[i+2]))
	}
	slices.Sort(out)
	return out
}

// wordSim scores how likely two words are the same word: 1 for equal
// stems whose roots extend one another (правило and правительство share
// the stem прави but not a root), otherwise the trigram Dice coefficient when it reaches
// minDice, else 0.
func wordSim(a, b word) float64 {
	if a.stem == b.stem && (strings.HasPrefix(a.root, b.root) || strings.HasPrefix(b.root, a.root)) {
		return 1
	}
	if d := dice(a.tri, b.tri); d >= minDice {
		return d
	}
	return 0
}

// termScore is the share of the term's content words found in ws, each
// counted with its best similarity.
func termScore(term, ws []word) float64 {
	if len(term) == 0 {
		return 0
	}
	sum := 0.0
	for _, t := range term {
		best := 0.0
		for _, w := range ws {
			if s := wordSim(t, w); s > best {
				best = s
				if best == 1 {
					break
				}
			}
		}
		sum += best
	}
	return sum / float64(len(term))
}

// clause is a clause of a passage: a sentence or a part of one ended by
// a semicolon, with its byte range.
type clause struct {
	start, end int
}

// splitClauses splits text into clauses at ';' and at '.', '!', '?' that are
// followed by white space and an upper-case letter (or the end), so that
// abbreviations such as "т. д.", "т.-е. красная", "напр. на" stay inside.
// Footnote markers and closing brackets right after the stop stay with the
// clause.
func splitClauses(text string) []clause {
	var out []clause
	start := 0
	for i := 0; i < len(text); {
		r, size := utf8.DecodeRuneInString(text[i:])
		end := i + size
		cut := false
		switch r {
		case ';':
			cut = true
		case '.', '!', '?':
			j := end
			for j < len(text) && (text[j] == ')' || text[j] == '"') {
				j++
			}
			k := j
			for k < len(text) {
				q, qs := utf8.DecodeRuneInString(text[k:])
				if !unicode.IsSpace(q) {
					break
				}
				k += qs
			}
			if k == len(text) {
				cut = true
				end = j
			} else if k > j {
				q, _ := utf8.DecodeRuneInString(text[k:])
				if unicode.IsUpper(q) || q == '«' || q == '"' {
					cut = true
					end = j
				}
			}
		}
		if cut {
			if strings.TrimSpace(text[start:end]) != "" {
				out = append(out, clause{start, end})
			}
			start = end
			i = end
			continue
		}
		i = end
	}
	if strings.TrimSpace(text[start:]) != "" {
		out = append(out, clause{start, len(text)})
	}
	// Trim leading white space of each clause.
	for k := range out {
		for out[k].start < out[k].end {
			q, qs := utf8.DecodeRuneInString(text[out[k].start:])
			if !unicode.IsSpace(q) {
				break
			}
			out[k].start += qs
		}
	}
	return out
}
