package normalize

import (
	"bufio"
	"bytes"
	_ "embed"
	"fmt"
	"slices"
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
	// stemBits is a Bloom filter of the stems (three bits per stem, see
	// bloom): most candidate stems of a lookup are not words, and the
	// filter, which fits in the processor's cache, refuses nearly all of
	// them without touching the large map. It is keyed by polyHash, so
	// the hash of a candidate stem (a prefix of the word plus a
	// strip-string) is computed from the word's prefix hashes in constant
	// time, without building the stem.
	stemBits bloom
	// adds is byAdd as a trie of the add-strings read from their last
	// byte, each node holding its rules grouped by strip-string, so a
	// lookup walks the word's end once instead of looking up every suffix.
	adds []addNode
}

// addNode is a node of the add-string trie: the suffix spelled by the path
// from the root.
type addNode struct {
	edges  []addEdge  // children by the byte before the suffix
	groups []sfxGroup // the rules whose add-string is this suffix
}

// addEdge leads to the child for one more byte.
type addEdge struct {
	b    byte
	next int32
}

// sfxGroup is the rules of one add-string that share a strip-string: their
// stem is the same string, looked up once.
type sfxGroup struct {
	strip string
	rules []sfxRule
	// stripPow is polyMul to the power len(strip) and stripHash the
	// polyHash of strip: the stem's hash is prefixHash*stripPow+stripHash.
	stripPow, stripHash uint64
	// base is the set of letters (runeBit) some rule's condition accepts
	// as the last letter of the base, the stem without strip: the group
	// is skipped, before the filter, for a base that ends otherwise.
	base uint64
}

// runeBit is the bit of r in a set of letters: а–я and ё have one each,
// every other rune shares bit 63.
func runeBit(r rune) uint64 {
	switch {
	case r >= 'а' && r <= 'я':
		return 1 << (r - 'а')
	case r == 'ё':
		return 1 << 32
	}
	return 1 << 63
}

// baseLetters is the set of letters (runeBit) the rules, which share
// strip, accept as the last letter of the base (the stem without strip),
// over-approximated: every bit a condition might accept is set, and all
// of them for a condition that does not reach into the base. A rule whose
// condition refuses strip itself accepts nothing.
func baseLetters(strip string, rules []sfxRule) uint64 {
	sr := []rune(strip)
	var set uint64
	for _, r := range rules {
		live := true
		for j := 0; j < len(r.cond) && j < len(sr); j++ {
			if !r.cond[len(r.cond)-1-j].match(sr[len(sr)-1-j]) {
				live = false
				break
			}
		}
		switch {
		case !live:
			continue
		case len(r.cond) <= len(sr):
			return ^uint64(0)
		}
		c := r.cond[len(r.cond)-1-len(sr)]
		var bits uint64
		for _, x := range c.runes {
			bits |= runeBit(x)
		}
		switch {
		case c.any:
			return ^uint64(0)
		case c.negate:
			set |= ^bits | 1<<63 // bit 63 stands for runes the class may not list
		default:
			set |= bits
		}
	}
	return set
}

// buildAddTrie builds lx.adds from lx.byAdd.
func (lx *lexicon) buildAddTrie() {
	lx.adds = []addNode{{}}
	keys := make([]string, 0, len(lx.byAdd))
	for add := range lx.byAdd {
		keys = append(keys, add)
	}
	slices.Sort(keys) // a fixed shape, whatever the map order
	for _, add := range keys {
		node := int32(0)
		for i := len(add) - 1; i >= 0; i-- {
			node = lx.child(node, add[i], true)
		}
		for _, r := range lx.byAdd[add] {
			n := &lx.adds[node]
			k := slices.IndexFunc(n.groups, func(g sfxGroup) bool { return g.strip == r.strip })
			if k < 0 {
				n.groups = append(n.groups, sfxGroup{strip: r.strip, stripPow: polyPow(len(r.strip)), stripHash: polyHash(r.strip)})
				k = len(n.groups) - 1
			}
			n.groups[k].rules = append(n.groups[k].rules, r)
			n.groups[k].base = baseLetters(r.strip, n.groups[k].rules)
		}
	}
}

// stemFilterBits is the size of the stem filter in bits (256 KiB): with
// three bits per stem of the ~140,000 stems, a miss gets through in about
// 1 % of lookups.
const stemFilterBits = 1 << 21

// polyMul is the multiplier of polyHash (odd, so no byte is lost).
const polyMul = 0x100000001b3

// polyHash is the polynomial hash of s: h = h*polyMul + byte over its
// bytes, modulo 2^64, so polyHash(a+b) = polyHash(a)*polyPow(len(b)) +
// polyHash(b). Its low bits are weak; bloom mixes them.
func polyHash[W spelling](s W) uint64 {
	var h uint64
	for i := 0; i < len(s); i++ {
		h = h*polyMul + uint64(s[i])
	}
	return h
}

// polyRune extends the polyHash h by the UTF-8 encoding of r (U+FFFD
// for an invalid rune, as utf8.AppendRune writes it).
func polyRune(h uint64, r rune) uint64 {
	switch {
	case r >= 0 && r < utf8.RuneSelf:
		return h*polyMul + uint64(r)
	case r >= 0 && r < 0x800:
		return (h*polyMul+uint64(0xC0|r>>6))*polyMul + uint64(0x80|r&0x3F)
	}
	var b [utf8.UTFMax]byte
	n := utf8.EncodeRune(b[:], r)
	for _, c := range b[:n] {
		h = h*polyMul + uint64(c)
	}
	return h
}

// polyPow is polyMul to the power n, modulo 2^64.
func polyPow(n int) uint64 {
	p := uint64(1)
	for ; n > 0; n-- {
		p *= polyMul
	}
	return p
}

// bloom is a Bloom filter of polyHash values with three bits per key,
// all in the same 64-bit word (one memory access per lookup); its size in
// bits is a power of two.
type bloom []uint64

// newBloom returns an empty filter of the given size in bits (a power of
// two, at least 64).
func newBloom(bits int) bloom { return make(bloom, bits/64) }

// mix64 mixes the bits of a polyHash, whose low bits are weak (the
// finalizer of MurmurHash3).
func mix64(h uint64) uint64 {
	h ^= h >> 33
	h *= 0xff51afd7ed558ccd
	h ^= h >> 33
	h *= 0xc4ceb9fe1a85ec53
	h ^= h >> 33
	return h
}

// position mixes a polyHash and returns the key's word and its three bits
// in that word.
func (b bloom) position(h uint64) (word uint64, bits uint64) {
	h = mix64(h)
	return (h >> 18) & uint64(len(b)-1), 1<<(h&63) | 1<<(h>>6&63) | 1<<(h>>12&63)
}

// add sets the bits of the key of polyHash h.
func (b bloom) add(h uint64) {
	w, bits := b.position(h)
	b[w] |= bits
}

// has reports whether the key of polyHash h may have been added: false
// means it was not.
func (b bloom) has(h uint64) bool {
	w, bits := b.position(h)
	return b[w]&bits == bits
}

// child returns the child of node for byte b, adding it when create is
// set; -1 when there is none.
func (lx *lexicon) child(node int32, b byte, create bool) int32 {
	for _, e := range lx.adds[node].edges {
		if e.b == b {
			return e.next
		}
	}
	if !create {
		return -1
	}
	lx.adds = append(lx.adds, addNode{})
	next := int32(len(lx.adds) - 1)
	lx.adds[node].edges = append(lx.adds[node].edges, addEdge{b, next})
	return next
}

// fold lower-cases s and maps ё to е; it returns s itself when nothing
// changes, so the common path does not allocate.
func fold(s string) string {
	if !foldChanges(s) {
		return s
	}
	return foldSlow(s)
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
		stems:    make(map[string]uint32, 150000),
		stemBits: newBloom(stemFilterBits),
		byAdd:    make(map[string][]sfxRule, 1200),
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
	lx.buildAddTrie()
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
		if isUpper(first) {
			bits |= entryUpper
		} else {
			bits |= entryLower
		}
		if bits&flagJ != 0 {
			bits |= flagK // singular-only nouns also take the plural (doc.go)
		}
		key := fold(word)
		lx.stems[key] |= bits
		lx.stemBits.add(polyHash(key))
	}
	return nil
}

// known reports whether the folded word w is a form of the lexicon. lower
// says whether only common (lower-case) entries count: a lower-case word
// in the text is not verified by a proper name.
func (lx *lexicon) known(w string, lower bool) bool { return lexKnown(lx, w, lower) }

// spelling is a word held as a string or as bytes: the lookups of the OCR
// corrector take its candidate spellings from a buffer, without making
// strings of them.
type spelling interface{ ~string | ~[]byte }

// lexKnown is lexicon.known of a string or of bytes.
func lexKnown[W spelling](lx *lexicon, w W, lower bool) bool {
	need := entryLower | entryUpper
	if lower {
		need = entryLower
	}
	// ph[k] is the polyHash of w[:from+k]: the prefixes a lookup cuts the
	// word at are no shorter than from.
	from := max(0, len(w)-lx.maxAdd)
	var h uint64
	for i := 0; i < from; i++ {
		h = h*polyMul + uint64(w[i])
	}
	var phBuf [32]uint64
	ph := phBuf[:0]
	if len(w)-from+1 > len(phBuf) {
		ph = make([]uint64, 0, len(w)-from+1)
	}
	ph = append(ph, h)
	for i := from; i < len(w); i++ {
		h = h*polyMul + uint64(w[i])
		ph = append(ph, h)
	}
	if lx.stemBits.has(h) {
		if e, ok := lx.stems[string(w)]; ok && e&need != 0 {
			return true
		}
	}
	var buf [128]byte
	// Walk the suffixes of w that are some rule's add-string, shortest
	// first, in the trie of add-strings.
	node := int32(0)
	for k := 0; ; k++ {
		cut := len(w) - k
		if groups := lx.adds[node].groups; len(groups) > 0 && (cut == len(w) || utf8.RuneStart(w[cut])) {
			base := w[:cut]
			hb := ph[cut-from]
			baseLast := ^uint64(0) // runeBit of the base's last letter; any for none
			if cut > 0 {
				r, _ := decodeLastRune(base)
				baseLast = runeBit(r)
			}
			for gi := range groups {
				g := &groups[gi]
				n := len(base) + len(g.strip)
				if n == 0 || g.base&baseLast == 0 || !lx.stemBits.has(hb*g.stripPow+g.stripHash) {
					continue
				}
				var stem []byte
				if n <= len(buf) {
					stem = append(buf[:0], base...)
				} else {
					stem = make([]byte, 0, n)
					stem = append(stem, base...)
				}
				stem = append(stem, g.strip...)
				var flags uint32
				for i := range g.rules {
					if r := &g.rules[i]; flags&r.flag == 0 && condMatch(stem, r.cond) {
						flags |= r.flag
					}
				}
				if flags == 0 {
					continue
				}
				if e, ok := lx.stems[string(stem)]; ok && e&flags != 0 && e&need != 0 {
					return true
				}
			}
		}
		if k == len(w) || k == lx.maxAdd {
			return false
		}
		if node = lx.child(node, w[cut-1], false); node < 0 {
			return false
		}
	}
}

// decodeLastRune is utf8.DecodeLastRuneInString of a string or bytes.
func decodeLastRune[W spelling](s W) (rune, int) {
	n := len(s)
	if n > 0 && s[n-1] < utf8.RuneSelf {
		return rune(s[n-1]), 1
	}
	if n > 1 && s[n-2] >= 0xC2 && s[n-2] <= 0xDF && s[n-1]&0xC0 == 0x80 {
		return rune(s[n-2]&0x1F)<<6 | rune(s[n-1]&0x3F), 2
	}
	return utf8.DecodeLastRuneInString(string(s))
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
