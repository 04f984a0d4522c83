package normalize

import (
	"bufio"
	"bytes"
	_ "embed"
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// The embedded Russian lexicon: Debian hunspell-ru 1:7.5.0-1 (Alexander I.
// Lebedev's dictionary, see lexicon/LICENSE), shipped in UTF-8 exactly as
// Debian ships it, plus pasyans' own supplement (lexicon/supplement.dic).
// The combined lexicon is a modified version and is marked as such.
var (
	//go:embed lexicon/ru_RU.dic
	ruDic []byte
	//go:embed lexicon/ru_RU.aff
	ruAff []byte
	//go:embed lexicon/supplement.dic
	supplementDic []byte
)

// LexiconLicense is the licence notice of the embedded lexicon (Lebedev's
// BSD-style licence), which binary distributions must reproduce; it also
// marks the lexicon as modified.
//
//go:embed lexicon/LICENSE
var LexiconLicense string

// sfxRule is one hunspell SFX line: a word form is stem[:len-strip]+add
// where the stem ends in cond and carries flag.
type sfxRule struct {
	flag  uint32 // bit of the flag letter
	strip string
	cond  []charClass // matched against the last len(cond) runes of the stem
}

// charClass is one position of an SFX condition: a set of runes, possibly
// negated; any matches every rune (".").
type charClass struct {
	runes  []rune
	negate bool
	any    bool
}

func (c charClass) match(r rune) bool {
	if c.any {
		return true
	}
	in := false
	for _, x := range c.runes {
		if x == r {
			in = true
			break
		}
	}
	return in != c.negate
}

// entry flags beyond the 26 affix-flag bits.
const (
	entryLower uint32 = 1 << 30 // the stem is listed in lower case
	entryUpper uint32 = 1 << 29 // the stem is listed capitalized (a name) or all caps
	flagJ      uint32 = 1 << ('J' - 'A')
	flagK      uint32 = 1 << ('K' - 'A')
)

// lexicon is the read-only word list: stems with their affix flags, looked
// up through the suffix rules (never expanded).
type lexicon struct {
	stems  map[string]uint32    // folded stem → flag bits | entryLower/entryUpper
	byAdd  map[string][]sfxRule // folded add-string ("" for 0) → rules
	maxAdd int                  // longest add-string in bytes
}

// fold lower-cases s and maps ё to е; it returns s itself when nothing
// changes, so the common path does not allocate.
func fold(s string) string {
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == 'ё' || r == 'Ё' || unicode.IsUpper(r) {
			return foldSlow(s)
		}
		i += size
	}
	return s
}

func foldSlow(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	for _, r := range s {
		r = unicode.ToLower(r)
		if r == 'ё' {
			r = 'е'
		}
		b.WriteRune(r)
	}
	return b.String()
}

// loadLexicon parses the embedded hunspell files and the supplement.
func loadLexicon() (*lexicon, error) {
	lx := &lexicon{
		stems: make(map[string]uint32, 150000),
		byAdd: make(map[string][]sfxRule, 1200),
	}
	if err := lx.parseAff(ruAff); err != nil {
		return nil, fmt.Errorf("lexicon ru_RU.aff: %w", err)
	}
	if err := lx.parseDic(ruDic, true); err != nil {
		return nil, fmt.Errorf("lexicon ru_RU.dic: %w", err)
	}
	if err := lx.parseDic(supplementDic, false); err != nil {
		return nil, fmt.Errorf("lexicon supplement.dic: %w", err)
	}
	return lx, nil
}

func flagBit(r rune) (uint32, bool) {
	if r < 'A' || r > 'Z' {
		return 0, false
	}
	return 1 << uint(r-'A'), true
}

func (lx *lexicon) parseAff(data []byte) error {
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 64*1024), 1024*1024)
	line := 0
	for sc.Scan() {
		line++
		f := strings.Fields(sc.Text())
		if len(f) == 0 || f[0] != "SFX" {
			if len(f) > 0 && f[0] == "PFX" {
				return fmt.Errorf("line %d: PFX rules are not supported", line)
			}
			continue
		}
		if len(f) == 4 { // header: SFX flag cross count
			continue
		}
		if len(f) < 5 {
			return fmt.Errorf("line %d: short SFX rule", line)
		}
		fr, _ := utf8.DecodeRuneInString(f[1])
		bit, ok := flagBit(fr)
		if !ok || utf8.RuneCountInString(f[1]) != 1 {
			return fmt.Errorf("line %d: unsupported flag %q", line, f[1])
		}
		strip, add := f[2], f[3]
		if strip == "0" {
			strip = ""
		}
		if add == "0" {
			add = ""
		}
		if strings.ContainsRune(add, '/') {
			return fmt.Errorf("line %d: continuation flags are not supported", line)
		}
		cond, err := parseCond(fold(f[4]))
		if err != nil {
			return fmt.Errorf("line %d: %w", line, err)
		}
		add = fold(add)
		lx.byAdd[add] = append(lx.byAdd[add], sfxRule{flag: bit, strip: fold(strip), cond: cond})
		if len(add) > lx.maxAdd {
			lx.maxAdd = len(add)
		}
	}
	return sc.Err()
}

func parseCond(s string) ([]charClass, error) {
	if s == "." {
		return nil, nil
	}
	var out []charClass
	rs := []rune(s)
	for i := 0; i < len(rs); i++ {
		switch rs[i] {
		case '.':
			out = append(out, charClass{any: true})
		case '[':
			j := i + 1
			c := charClass{}
			if j < len(rs) && rs[j] == '^' {
				c.negate = true
				j++
			}
			for j < len(rs) && rs[j] != ']' {
				c.runes = append(c.runes, rs[j])
				j++
			}
			if j >= len(rs) {
				return nil, fmt.Errorf("unterminated class in condition %q", s)
			}
			out = append(out, c)
			i = j
		default:
			out = append(out, charClass{runes: []rune{rs[i]}})
		}
	}
	return out, nil
}

func (lx *lexicon) parseDic(data []byte, countLine bool) error {
	// One string for the whole file: the stem keys are substrings of it,
	// so loading does not allocate per entry.
	text := string(data)
	line := 0
	for len(text) > 0 {
		var t string
		if i := strings.IndexByte(text, '\n'); i >= 0 {
			t, text = text[:i], text[i+1:]
		} else {
			t, text = text, ""
		}
		line++
		t = strings.TrimSuffix(t, "\r")
		if countLine && line == 1 {
			continue // the entry count
		}
		if t == "" || t[0] == '#' {
			continue
		}
		if i := strings.IndexAny(t, " \t"); i >= 0 {
			t = t[:i]
		}
		word, flags, _ := strings.Cut(t, "/")
		var bits uint32
		for _, r := range flags {
			b, ok := flagBit(r)
			if !ok {
				return fmt.Errorf("line %d: unsupported flag %q", line, r)
			}
			bits |= b
		}
		first, _ := utf8.DecodeRuneInString(word)
		if unicode.IsUpper(first) {
			bits |= entryUpper
		} else {
			bits |= entryLower
		}
		if bits&flagJ != 0 {
			bits |= flagK // singular-only nouns also take the plural (doc.go)
		}
		key := fold(word)
		lx.stems[key] |= bits
	}
	return nil
}

// known reports whether the folded word w is a form of the lexicon. lower
// says whether only common (lower-case) entries count: a lower-case word
// in the text is not verified by a proper name.
func (lx *lexicon) known(w string, lower bool) bool {
	need := entryLower | entryUpper
	if lower {
		need = entryLower
	}
	if e, ok := lx.stems[w]; ok && e&need != 0 {
		return true
	}
	var buf [128]byte
	// Try every suffix of w that is some rule's add-string.
	for k := 0; k <= lx.maxAdd && k <= len(w); k++ {
		cut := len(w) - k
		if cut < len(w) && !utf8.RuneStart(w[cut]) {
			continue
		}
		rules, ok := lx.byAdd[w[cut:]]
		if !ok {
			continue
		}
		base := w[:cut]
		for i := range rules {
			r := &rules[i]
			n := len(base) + len(r.strip)
			if n == 0 {
				continue
			}
			var stem []byte
			if n <= len(buf) {
				stem = append(buf[:0], base...)
			} else {
				stem = make([]byte, 0, n)
				stem = append(stem, base...)
			}
			stem = append(stem, r.strip...)
			if !condMatch(stem, r.cond) {
				continue
			}
			if e, ok := lx.stems[string(stem)]; ok && e&r.flag != 0 && e&need != 0 {
				return true
			}
		}
	}
	return false
}

// condMatch checks the condition against the end of stem.
func condMatch(stem []byte, cond []charClass) bool {
	end := len(stem)
	for i := len(cond) - 1; i >= 0; i-- {
		if end == 0 {
			return false
		}
		r, size := utf8.DecodeLastRune(stem[:end])
		if !cond[i].match(r) {
			return false
		}
		end -= size
	}
	return true
}
