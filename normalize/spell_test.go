package normalize

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// TestReformKnownAgrees: reformKnown answers as reform's third result, for
// both kinds of word (lowerOnly or not), on the words of the corpus, on
// them with one letter changed, inserted or deleted (as the OCR
// corrector's candidates are), and on made-up words with the prefixes,
// endings and letters that reform rewrites.
func TestReformKnownAgrees(t *testing.T) {
	n := normalizer(t)
	seen := map[string]bool{}
	var words []string
	add := func(w string) {
		if w != "" && !seen[w] {
			seen[w] = true
			words = append(words, w)
		}
	}
	files := corpusFiles(t)
	names := make([]string, 0, len(files))
	for name := range files {
		names = append(names, name)
	}
	slices.Sort(names)
	for _, name := range names {
		for _, f := range strings.FieldsFunc(strings.ToLower(files[name]), func(r rune) bool { return !isLetter(r) && r != '-' }) {
			add(f)
		}
	}
	rng := rand.New(rand.NewPCG(7, 11))
	letters := []rune("абвгдежзийклмнопрстуфхцчшщъыьэюяіѣѳѵёЁЖ-")
	corpusWords := len(words)
	for k := 0; k < corpusWords; k++ {
		rs := []rune(words[k])
		i := rng.IntN(len(rs) + 1)
		a := letters[rng.IntN(len(letters))]
		switch rng.IntN(3) {
		case 0:
			if i < len(rs) {
				add(string(slices.Concat(rs[:i], []rune{a}, rs[i+1:])))
			}
		case 1:
			add(string(slices.Concat(rs[:i], []rune{a}, rs[i:])))
		default:
			if i < len(rs) {
				add(string(slices.Concat(rs[:i], rs[i+1:])))
			}
		}
	}
	prefixes := []string{"", "через", "чрез", "без", "из", "раз", "роз", "воз", "низ", "разсч", "безп", "черезс"}
	endings := []string{"", "аго", "яго", "ыя", "ія", "іяся", "агося", "ягося", "ъ", "ъи", "вши", "ем", "имы", "-то"}
	stems := []string{"добр", "син", "больш", "чуж", "хорош", "каз", "счит", "пис", "ѣл", "ѵпост", "говор", "нов", "сѣр"}
	for _, p := range prefixes {
		for _, s := range stems {
			for _, e := range endings {
				add(p + s + e)
			}
		}
	}
	for k := range pronouns {
		add(k)
	}
	knownCount := 0
	var sc spellScratch
	for _, w := range words {
		for _, lowerOnly := range []bool{true, false} {
			_, _, want := n.reform(w, lowerOnly)
			if got := n.reformKnown([]byte(w), lowerOnly, &sc); got != want {
				t.Errorf("reformKnown(%q, %v) = %v, reform says %v", w, lowerOnly, got, want)
			}
			if want {
				knownCount++
			}
		}
	}
	if knownCount < len(words)/4 || knownCount == 2*len(words) {
		t.Fatalf("%d of %d spellings known: the test does not exercise both answers", knownCount, 2*len(words))
	}

	// mayBeCounted: never false for a spelling whose modern form is
	// counted; false for one whose readings are not (here: an empty
	// filter, and one holding only the modern forms of every other word).
	counted, others := newBloom(freqFilterBits), newBloom(freqFilterBits)
	for i, w := range words {
		m, _, _ := n.reform(w, false)
		counted.add(polyHash(fold(m)))
		if i%2 == 1 {
			others.add(polyHash(fold(m)))
		}
	}
	empty := newBloom(freqFilterBits)
	refused := 0
	for i, w := range words {
		if !n.mayBeCounted([]byte(w), counted, &sc) {
			t.Errorf("mayBeCounted(%q) = false, but its modern form is counted", w)
		}
		if n.mayBeCounted([]byte(w), empty, &sc) && pronouns[w] == "" && !strings.ContainsRune(w, 'ѵ') && w == strings.ToLower(w) {
			t.Errorf("mayBeCounted(%q) = true with nothing counted", w)
		}
		if i%2 == 0 && !n.mayBeCounted([]byte(w), others, &sc) {
			refused++
		}
	}
	if refused < len(words)/4 {
		t.Errorf("mayBeCounted refused only %d of %d uncounted spellings", refused, len(words)/2)
	}
}

// TestLexKnownAgrees: the lexicon lookup (add-string trie, stem filter,
// the groups' base letters) answers as the plain reading of the hunspell
// rules does — every suffix of the word that is some rule's add-string,
// every rule of it, the stem looked up in the map — on the words of the
// corpus and on them with one letter changed.
func TestLexKnownAgrees(t *testing.T) {
	lx := normalizer(t).lex
	plain := func(w string, lower bool) bool {
		need := entryLower | entryUpper
		if lower {
			need = entryLower
		}
		if e, ok := lx.stems[w]; ok && e&need != 0 {
			return true
		}
		for add, rules := range lx.byAdd {
			if !strings.HasSuffix(w, add) {
				continue
			}
			for _, r := range rules {
				stem := w[:len(w)-len(add)] + r.strip
				if stem == "" || !condMatch([]byte(stem), r.cond) {
					continue
				}
				if e, ok := lx.stems[stem]; ok && e&r.flag != 0 && e&need != 0 {
					return true
				}
			}
		}
		return false
	}
	rng := rand.New(rand.NewPCG(5, 9))
	letters := []rune("абвгдежзийклмнопрстуфхцчшщъыьэюяё")
	var words []string
	files := corpusFiles(t)
	names := make([]string, 0, len(files))
	for name := range files {
		names = append(names, name)
	}
	slices.Sort(names)
	for _, name := range names {
		for _, f := range strings.FieldsFunc(fold(files[name]), func(r rune) bool { return !isLetter(r) }) {
			words = append(words, f)
			rs := []rune(f)
			rs[rng.IntN(len(rs))] = letters[rng.IntN(len(letters))]
			words = append(words, string(rs))
		}
	}
	slices.Sort(words)
	words = slices.Compact(words)
	if len(words) > 6000 {
		rng.Shuffle(len(words), func(i, j int) { words[i], words[j] = words[j], words[i] })
		words = words[:6000]
	}
	known := 0
	for _, w := range words {
		for _, lower := range []bool{true, false} {
			want := plain(w, lower)
			if got := lx.known(w, lower); got != want {
				t.Errorf("known(%q, %v) = %v, the rules say %v", w, lower, got, want)
			}
			if got := lexKnown(lx, []byte(w), lower); got != want {
				t.Errorf("lexKnown of the bytes of %q, %v = %v, the rules say %v", w, lower, got, want)
			}
			if want {
				known++
			}
		}
	}
	if known < len(words)/4 || known == 2*len(words) {
		t.Fatalf("%d of %d lookups known: the test does not exercise both answers", known, 2*len(words))
	}
}
