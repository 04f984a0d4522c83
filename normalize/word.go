package normalize

import (
	"bytes"
	"math"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/pasyans/pasyans/internal/glyph"
)

// preReformRunes are the letters the 1918 reform removed, plus the OCR
// reading ђ of the yat.
func isPreReformRune(r rune) bool {
	switch r {
	case 'ѣ', 'Ѣ', 'ђ', 'Ђ', 'і', 'І', 'ѳ', 'Ѳ', 'ѵ', 'Ѵ':
		return true
	}
	return false
}

const consonants = "бвгджзйклмнпрстфхцчшщ"

func isConsonant(r rune) bool { return strings.ContainsRune(consonants, unicode.ToLower(r)) }

// hasMarker reports whether a word carries pre-reform spelling: a letter
// the reform removed, or a final hard sign.
func hasMarker(w string) bool {
	// The letters of isPreReformRune, by their UTF-8 bytes: a lead byte
	// 0xD0 or 0xD1 is never part of another sequence, so the pair decodes
	// as the letter wherever it stands.
	for i := 0; i+1 < len(w); i++ {
		switch w[i] {
		case 0xD0: // Ђ І
			if c := w[i+1]; c == 0x82 || c == 0x86 {
				return true
			}
		case 0xD1: // ђ і Ѣ ѣ Ѳ ѳ Ѵ ѵ
			switch w[i+1] {
			case 0x92, 0x96, 0xA2, 0xA3, 0xB2, 0xB3, 0xB4, 0xB5:
				return true
			}
		}
	}
	r, _ := utf8.DecodeLastRuneInString(w)
	return r == 'ъ' || r == 'Ъ'
}

// needsRepair reports whether a word contains anything character repair
// may change; words without it and without markers skip the pipeline.
func needsRepair(w string) bool {
	hasC, hasL, digits := false, false, false
	for _, r := range w {
		switch {
		case r == '/' || r == 'ђ' || r == 'Ђ' || r == 'і' || r == 'І':
			return true
		case isDigit(r):
			digits = true
		case r < 0x80:
			hasL = true
		case isCyr(r):
			hasC = true
		}
	}
	return (hasC && hasL) || (hasC && digits) || stray(w)
}

// stray reports a capital letter right after a lower-case one.
func stray(w string) bool {
	prevLower := false
	for _, r := range w {
		if isUpper(r) && prevLower {
			return true
		}
		prevLower = isLower(r)
	}
	return false
}

// repair does the character repair that needs no lexicon.
func repair(w string) (string, []string) {
	rs := []rune(w)
	var rules []string
	add := func(r string) {
		for _, x := range rules {
			if x == r {
				return
			}
		}
		rules = append(rules, r)
	}
	hasCyr := false
	upper, lower := 0, 0
	for _, r := range rs {
		if isCyr(r) {
			hasCyr = true
		}
		if isUpper(r) {
			upper++
		} else if isLower(r) {
			lower++
		}
	}
	allCaps := upper >= 2 && lower <= 1
	if hasCyr {
		for i, r := range rs {
			if c, ok := glyph.Lookalike(r); ok {
				rs[i] = c
				add(RuleLatinLookalike)
			}
		}
		for i, r := range rs {
			if r == '6' && i > 0 && isLower(rs[i-1]) && isCyr(rs[i-1]) {
				rs[i], _ = glyph.DigitLetter(r, false) // б has no capital look-alike digit; only inside a word
				add(RuleDigitForLetter)
				continue
			}
			if r != '3' && r != '0' {
				continue
			}
			next := rune(0)
			if i+1 < len(rs) {
				next = rs[i+1]
			}
			prev := rune(0)
			if i > 0 {
				prev = rs[i-1]
			}
			if !isCyr(next) && !isCyr(prev) {
				continue
			}
			up := (i == 0 && (isLower(next) || isUpper(next))) || allCaps || isUpper(prev)
			if i > 0 && isLower(prev) {
				up = false
			}
			rs[i], _ = glyph.DigitLetter(r, up)
			add(RuleDigitForLetter)
		}
	}
	for i, r := range rs {
		switch r {
		case 'ђ':
			if allCaps {
				rs[i] = 'Ѣ'
			} else {
				rs[i] = 'ѣ'
			}
			add(RuleDjeForYat)
		case 'Ђ':
			rs[i] = 'Ѣ'
			add(RuleDjeForYat)
		}
	}
	if !allCaps {
		for i := 1; i < len(rs); i++ {
			if isUpper(rs[i]) && isLower(rs[i-1]) {
				rs[i] = unicode.ToLower(rs[i])
				add(RuleStrayCapital)
			}
		}
	}
	// іі at the end of a word (before a final ъ too) is an OCR й: after a
	// vowel the pair stands for й ("Каждыіі"), after a consonant for ій
	// ("основаніі"), since й never follows a consonant.
	end := len(rs)
	if end > 0 && (rs[end-1] == 'ъ' || rs[end-1] == 'Ъ') {
		end--
	}
	if end >= 3 && (rs[end-1] == 'і' || rs[end-1] == 'І') && (rs[end-2] == 'і' || rs[end-2] == 'І') {
		y := 'й'
		if rs[end-1] == 'І' && rs[end-2] == 'І' {
			y = 'Й'
		}
		if isConsonant(rs[end-3]) {
			rs[end-1] = y
		} else {
			rs = append(rs[:end-2], append([]rune{y}, rs[end:]...)...)
		}
		add(RuleDoubleIForShortI)
	}
	return string(rs), rules
}

// applyCase gives the lower-case modern form m the case pattern of the
// original word orig: all caps, capitalized, or position by position.
func applyCase(orig, m string) string {
	upper, lower := 0, 0
	first := true
	firstUpper := false
	for _, r := range orig {
		if isUpper(r) {
			upper++
			if first {
				firstUpper = true
			}
		} else if isLower(r) {
			lower++
		}
		if unicode.IsLetter(r) {
			first = false
		}
	}
	switch {
	case upper == 0:
		return m
	case lower == 0 && upper >= 2:
		return strings.ToUpper(m)
	}
	or := []rune(orig)
	mr := []rune(m)
	for i := range mr {
		if i < len(or) && isUpper(or[i]) {
			mr[i] = unicode.ToUpper(mr[i])
		}
	}
	if firstUpper && len(mr) > 0 {
		mr[0] = unicode.ToUpper(mr[0])
	}
	return string(mr)
}

// knownWord is the lexicon lookup used by the pipeline: w is lower case
// (ё allowed). lowerOnly refuses proper names for lower-case text words.
// Besides the hunspell forms it accepts two regular derivations the
// dictionary lacks (documented in doc.go): -вши gerunds from -в gerunds and
// short passive participles in -им/-ем from their long forms.
func (n *Normalizer) knownWord(w string, lowerOnly bool) bool {
	if w == "" {
		return false
	}
	return knownForm(n.lex, fold(w), lowerOnly)
}

// pronouns are the pre-reform pronoun spellings replaced as whole words.
var pronouns = map[string]string{
	"онѣ": "они", "однѣ": "одни", "однѣхъ": "одних", "однѣми": "одними", "однѣмъ": "одним",
	"ея": "ее", "нея": "нее",
}

// variant is one reform reading of a word with the rules it took.
type variant struct {
	s     string
	rules []string
}

// reform converts a repaired lower-case pre-reform word to modern spelling.
// It returns the modern lower-case form, the rules, and whether the
// lexicon knows the result.
func (n *Normalizer) reform(s string, lowerOnly bool) (string, []string, bool) {
	if p, ok := pronouns[s]; ok {
		return p, []string{RulePronoun}, true
	}
	if strings.ContainsRune(s, 'ѵ') {
		u := strings.ReplaceAll(s, "ѵ", "у")
		if m, r, ok := n.reformCore(u, lowerOnly); ok {
			return m, append([]string{RuleIzhitsaForU}, r...), true
		}
		m, r, ok := n.reformCore(strings.ReplaceAll(s, "ѵ", "и"), lowerOnly)
		return m, append([]string{RuleIzhitsa}, r...), ok
	}
	return n.reformCore(s, lowerOnly)
}

func (n *Normalizer) reformCore(s string, lowerOnly bool) (string, []string, bool) {
	var rules []string
	if strings.Contains(s, "ъи") {
		s = strings.ReplaceAll(s, "ъи", "ы")
		rules = append(rules, RuleHardSignI)
	}
	if r, size := utf8.DecodeLastRuneInString(s); r == 'ъ' && len(s) > size {
		p, _ := utf8.DecodeLastRuneInString(s[:len(s)-size])
		if isConsonant(p) {
			s = s[:len(s)-size]
			rules = append(rules, RuleFinalHardSign)
		}
	}
	// Endings are recognized on the pre-reform letters.
	var endings [][2]string // replacement candidates: suffix → new suffix
	var endRule string
	switch {
	case strings.HasSuffix(s, "іяся"):
		endings = [][2]string{{"іяся", "иеся"}}
		endRule = RuleEndingIyasya
	case strings.HasSuffix(s, "ія"):
		endings = [][2]string{{"ія", "ия"}, {"ія", "ие"}}
		endRule = RuleEndingIya
	case strings.HasSuffix(s, "ыя"):
		endings = [][2]string{{"ыя", "ыя"}, {"ыя", "ые"}}
		endRule = RuleEndingYya
	case strings.HasSuffix(s, "агося"):
		endings = agoEndings(s, "агося", "огося", "егося")
		endRule = RuleEndingAgo
	case strings.HasSuffix(s, "аго"):
		endings = agoEndings(s, "аго", "ого", "его")
		endRule = RuleEndingAgo
	case strings.HasSuffix(s, "ягося"):
		endings = [][2]string{{"ягося", "ягося"}, {"ягося", "егося"}}
		endRule = RuleEndingYago
	case strings.HasSuffix(s, "яго"):
		endings = [][2]string{{"яго", "яго"}, {"яго", "его"}}
		endRule = RuleEndingYago
	}
	// Character mapping (done after the ending is recognized).
	mapped, crules := mapLetters(s)
	rules = append(rules, crules...)
	var cands []variant
	prefixes := []variant{{s: mapped}}
	if p, ok := prefixVariant(mapped); ok {
		prefixes = append(prefixes, variant{s: p, rules: []string{RulePrefixZS}})
	}
	if p, ok := prefixVariantSingle(mapped); ok {
		prefixes = append(prefixes, variant{s: p, rules: []string{RulePrefixZS}})
	}
	for _, pv := range prefixes {
		if len(endings) == 0 {
			cands = append(cands, pv)
			continue
		}
		for _, e := range endings {
			from, _ := mapLetters(e[0])
			if !strings.HasSuffix(pv.s, from) {
				continue
			}
			v := variant{s: pv.s[:len(pv.s)-len(from)] + e[1], rules: pv.rules}
			if from != e[1] && !(endRule == RuleEndingIya && e[1] == "ия") {
				v.rules = append(append([]string(nil), pv.rules...), endRule)
			}
			cands = append(cands, v)
		}
	}
	for _, c := range cands {
		if n.knownWord(c.s, lowerOnly) {
			return c.s, append(rules, c.rules...), true
		}
	}
	// Nothing known: the regular reading (first prefix, the reform ending).
	def := cands[0]
	if len(endings) > 1 && len(cands) > 1 && endRule != RuleEndingIya {
		def = cands[1]
	}
	return def.s, append(rules, def.rules...), false
}

// agoEndings lists the -аго readings in order of preference: -ого, or
// -его after ж ч ш щ (with the stressed exceptions большаго, чужаго).
func agoEndings(s, old, o, e string) [][2]string {
	stem := strings.TrimSuffix(s, old)
	last, _ := utf8.DecodeLastRuneInString(stem)
	if strings.ContainsRune("жчшщ", last) && !strings.HasSuffix(stem, "больш") && !strings.HasSuffix(stem, "чуж") {
		return [][2]string{{old, old}, {old, e}, {old, o}}
	}
	return [][2]string{{old, old}, {old, o}, {old, e}}
}

// mapLetters applies ѣ→е, і→и, ѳ→ф, ѵ→и in one pass.
func mapLetters(s string) (string, []string) {
	var yat, i, fita, izh bool
	for _, r := range s {
		switch r {
		case 'ѣ', 'Ѣ':
			yat = true
		case 'і', 'І':
			i = true
		case 'ѳ', 'Ѳ':
			fita = true
		case 'ѵ', 'Ѵ':
			izh = true
		}
	}
	if !yat && !i && !fita && !izh {
		return s, nil
	}
	var rules []string
	for _, c := range [...]struct {
		on   bool
		rule string
	}{{yat, RuleYat}, {i, RuleIDecimal}, {fita, RuleFita}, {izh, RuleIzhitsa}} {
		if c.on {
			rules = append(rules, c.rule)
		}
	}
	return strings.Map(func(r rune) rune {
		switch r {
		case 'ѣ':
			return 'е'
		case 'Ѣ':
			return 'Е'
		case 'і':
			return 'и'
		case 'І':
			return 'И'
		case 'ѳ':
			return 'ф'
		case 'Ѳ':
			return 'Ф'
		case 'ѵ':
			return 'и'
		case 'Ѵ':
			return 'И'
		}
		return r
	}, s), rules
}

// prefixVariant applies the з/с prefix rule: без-/чрез-/через- before a
// voiceless consonant, из-/раз-/роз-/воз-/низ- before с.
func prefixVariant(s string) (string, bool) {
	for _, p := range [...]string{"через", "чрез", "без"} {
		if strings.HasPrefix(s, p) {
			r, _ := utf8.DecodeRuneInString(s[len(p):])
			if strings.ContainsRune("кпстфхцчшщ", r) {
				return strings.TrimSuffix(p, "з") + "с" + s[len(p):], true
			}
		}
	}
	for _, p := range [...]string{"из", "раз", "роз", "воз", "низ"} {
		if strings.HasPrefix(s, p) && strings.HasPrefix(s[len(p):], "с") {
			return strings.TrimSuffix(p, "з") + "с" + s[len(p):], true
		}
	}
	return "", false
}

// prefixVariantSingle is the rarer modern reading of раз-/рос- before сч,
// where the reform wrote one с: разсчетъ → расчет (but разсчитать →
// рассчитать, which prefixVariant gives). Tried after prefixVariant, and
// only kept when the lexicon knows it.
func prefixVariantSingle(s string) (string, bool) {
	for _, p := range [...]string{"раз", "роз"} {
		if strings.HasPrefix(s, p) && strings.HasPrefix(s[len(p):], "сч") {
			return strings.TrimSuffix(p, "з") + s[len(p):], true
		}
	}
	return "", false
}

// functionWords are the prepositions, conjunctions and particles of
// Russian that a lost space most often leaves glued to the next word.
var functionWords = map[string]bool{
	"на": true, "во": true, "со": true, "ко": true, "об": true, "от": true, "до": true,
	"по": true, "за": true, "из": true, "под": true, "над": true, "при": true, "про": true,
	"без": true, "для": true, "не": true, "ни": true, "но": true, "же": true, "ли": true,
	"бы": true, "то": true, "как": true, "что": true, "или": true, "если": true,
	"между": true, "перед": true, "через": true, "чрез": true, "после": true, "кроме": true,
	"около": true, "среди": true, "когда": true, "чтобы": true, "пока": true, "так": true,
}

// shortWords are the one-letter words of Russian (prepositions,
// conjunctions): after a word ending in ъ, a lost space may leave one of
// them glued on ("уголъи" for "уголъ и", "кладутъвъ" for "кладутъ въ").
var shortWords = map[string]bool{
	"и": true, "а": true, "в": true, "к": true, "с": true, "о": true, "у": true,
}

// pronounWords are the personal and demonstrative pronouns, frequent
// short words that a lost space often leaves glued to a neighbour ("между
// ними", "масти онѣ", "мѣрѣ того"); like functionWords they make a split
// plausible without document evidence.
var pronounWords = map[string]bool{
	"он": true, "она": true, "оно": true, "они": true, "его": true, "ее": true, "их": true,
	"им": true, "ими": true, "ним": true, "ними": true, "них": true, "нее": true, "ней": true,
	"нем": true, "нему": true, "нею": true, "ему": true,
	"тот": true, "та": true, "то": true, "те": true, "ту": true, "того": true, "той": true,
	"тому": true, "тем": true, "тех": true, "теми": true, "этот": true, "эта": true,
	"это": true, "эти": true, "этого": true, "этой": true, "этих": true, "этому": true,
	"этим": true, "весь": true, "вся": true, "все": true, "всех": true, "всем": true,
}

// candidate is one OCR correction.
type candidate struct {
	modern string // lower case, parts joined by a space
	rules  []string
	cost   float64
	score  float64
}

// maxCost is the edit budget for a word of n runes: short words must be
// repaired by one cheap, frequent confusion.
func maxCost(n int) float64 {
	switch {
	case n <= 2:
		return 0.35
	case n == 3:
		return 0.6
	case n == 4:
		return 0.7
	}
	return 1.2
}

// Costs of a restored word space (ocr.word-split): a lost space is dear,
// except right after a ъ the OCR printed, which ended every pre-reform word
// on a hard consonant.
const (
	splitCost              = 0.6
	splitCostAfterHardSign = 0.15
)

// searchLimit bounds the variants tried per word (a pathological long
// token must not stall the pipeline); the caller's budget bounds the
// variants tried per chunk of input.
const searchLimit = 3000

// ruleTrail is the one or two rules of the rewrites that made an OCR
// candidate, kept in place rather than in a slice: most candidates are not
// words, and their rules are never read.
type ruleTrail struct {
	r [2]string
	n int
}

// with returns t with rule appended.
func (t ruleTrail) with(rule string) ruleTrail {
	t.r[t.n] = rule
	t.n++
	return t
}

// has reports whether t holds rule.
func (t ruleTrail) has(rule string) bool {
	return t.n > 0 && t.r[0] == rule || t.n > 1 && t.r[1] == rule
}

// ocrSearch enumerates OCR corrections of the repaired lower-case word w
// up to the cost budget and returns the best one, the runner-up score and
// whether any was found.
func (st *state) ocrSearch(w string, lowerOnly bool) (best candidate, second float64, ok bool) {
	n, freq, budget := st.n, st.freq, &st.budget
	rs := []rune(w)
	if len(rs) > 30 || *budget <= 0 {
		return candidate{}, 0, false
	}
	limit := maxCost(len(rs))
	second = math.Inf(1)
	// seen holds each variant with the cheapest cost considered.
	seen := &st.seen
	seen.reset()
	tried := 0
	var rec func(cur []rune, pos int, cost float64, edits int, rules ruleTrail)
	consider := func(cur []rune, cost float64, rules ruleTrail) {
		kb := st.keyBuf[:0]
		for _, r := range cur {
			kb = utf8.AppendRune(kb, r)
		}
		st.keyBuf = kb
		if !seen.improve(kb, cost) {
			return // considered already, at a cost no higher
		}
		tried++
		st.steps++
		*budget--
		// The parts (words split at restored spaces) must all be known:
		// asked first of the bytes, since nearly no candidate is.
		for i, rest := 0, kb; ; i++ {
			j := bytes.IndexByte(rest, ' ')
			if j < 0 {
				j = len(rest)
			}
			if !st.n.reformKnown(rest[:j], lowerOnly || i > 0, &st.sc) {
				return
			}
			if j == len(rest) {
				break
			}
			rest = rest[j+1:]
		}
		key := string(kb)
		var partsBuf, modsBuf [3]string
		parts := append(partsBuf[:0], key)
		if strings.IndexByte(key, ' ') >= 0 {
			parts = strings.Split(key, " ")
		}
		mods := modsBuf[:0]
		var reformRules [3][]string
		for i, p := range parts {
			m, r, known := st.reform(p, lowerOnly || i > 0)
			if !known {
				return
			}
			mods = append(mods, m)
			reformRules[i] = r
		}
		if len(mods) > 1 && !splitPlausible(parts, mods, freq) {
			return
		}
		all := append([]string(nil), rules.r[:rules.n]...)
		for _, r := range reformRules[:len(parts)] {
			all = append(all, r...)
		}
		c := candidate{modern: strings.Join(mods, " "), rules: dedup(all), cost: cost}
		// Document frequency: the smallest of the parts' log-frequency
		// bonuses (every part of a split must be evidenced).
		bonus := math.Inf(1)
		for _, m := range mods {
			f := freq.of(m)
			if len(mods) == 1 {
				f = priorFreq(m, freq) // a split of function words earns no prior
			}
			bonus = math.Min(bonus, 0.15*math.Log2(1+float64(f)))
		}
		c.score = cost - math.Min(0.6, bonus)
		if len(mods) > 1 {
			// A split claims two words: slightly dearer than a rewrite of
			// the same cost, unless it frees a function word, which is what
			// a lost space most often follows.
			c.score += 0.15
			if functionWords[mods[0]] {
				c.score -= 0.1
			}
		}
		switch {
		case !ok || c.score < best.score:
			if ok && c.modern != best.modern {
				second = math.Min(second, best.score)
			}
			best, ok = c, true
		case c.modern != best.modern:
			second = math.Min(second, c.score)
		}
	}
	rec = func(cur []rune, pos int, cost float64, edits int, rules ruleTrail) {
		if tried >= searchLimit || *budget <= 0 {
			return
		}
		for i := pos; i < len(cur); i++ {
			st.steps++
			for _, ci := range n.first.of(cur[i]) { // in table order
				cf := &n.conf[ci]
				if cost+cf.cost > limit || !hasPrefixRunes(cur[i:], cf.from) {
					continue
				}
				if cf.atEnd && i+len(cf.from) != len(cur) {
					continue
				}
				// The variants of one depth share a buffer: consider keeps
				// none, and the deeper level writes to the next buffer.
				next := st.variant[edits][:0]
				next = append(append(append(next, cur[:i]...), cf.to...), cur[i+len(cf.from):]...)
				st.variant[edits] = next
				r := rules.with(cf.rule)
				consider(next, cost+cf.cost, r)
				if edits+1 < 2 {
					rec(next, i+len(cf.to), cost+cf.cost, edits+1, r)
				}
			}
			// A lost space: split before rune i (at most two in a word).
			if i > 0 && cur[i-1] != ' ' && cur[i] != ' ' {
				c := splitCost
				if cur[i-1] == 'ъ' && !rules.has("ocr.soft-for-hard-sign") {
					c = splitCostAfterHardSign // a ъ the OCR printed, not one a rewrite made of ь
				}
				// Both halves need two letters: "вдругъ" must not become "в другъ"
				// (the pre-reform prepositions в к с carry a ъ); the exceptions
				// are the conjunctions и, а, which have none ("иперенести"),
				// and a one-letter word after ъ ("уголъи").
				firstOK := i >= 2 && cur[i-2] != ' ' || (i == 1 || cur[i-2] == ' ') && (cur[i-1] == 'и' || cur[i-1] == 'а')
				if cost+c <= limit && firstOK && (len(cur)-i >= 2 && cur[i+1] != ' ' || cur[i-1] == 'ъ') {
					next := append(append(append(st.variant[edits][:0], cur[:i]...), ' '), cur[i:]...)
					st.variant[edits] = next
					r := rules.with(RuleWordSplit)
					consider(next, cost+c, r)
					if edits+1 < 2 {
						rec(next, i+1, cost+c, edits+1, r)
					}
				}
			}
		}
	}
	rec(rs, 0, 0, 0, ruleTrail{})
	if len(rs) >= minEvidenceLen && len(rs) <= maxEvidenceRunes {
		st.evidenceSearch(rs, lowerOnly, &best, &second, &ok)
	}
	return best, second, ok
}

// Evidence edits: a confusion the table does not list is accepted only as
// one letter substituted, inserted or deleted, in a word of at least
// minEvidenceLen letters, when the result is spelled cleanly at least
// minEvidence times elsewhere in the input. They compete with the table's
// candidates on score.
const (
	minEvidenceLen = 4
	minEvidence    = 2
	evidenceCost   = 1.0
)

// evidenceAlphabet is the letters an evidence edit may write (lower case,
// pre-reform letters included, since candidates are pre-reform spellings).
var evidenceAlphabet = []rune("абвгдежзийклмнопрстуфхцчшщъыьэюяіѣ")

func (st *state) evidenceSearch(rs []rune, lowerOnly bool, best *candidate, second *float64, ok *bool) {
	freq, budget := st.freq, &st.budget
	// w holds the variant in UTF-8; q its plain reform reading (ѣ і ѳ ѵ
	// mapped, a final ъ dropped, ё as е), both built without allocating,
	// and q only when the frequency filter lets its hash through.
	var wbuf, qbuf [4 * 32]byte
	var ph plainHashes
	ph.of(rs)
	try := func(v []rune, rule string, h uint64) {
		st.steps++
		if *budget <= 0 {
			return
		}
		*budget--
		if !hasOldSpellingRunes(v) {
			// Cheap filter first: the plain reform reading must be
			// frequent.
			end := len(v)
			if end > 0 && v[end-1] == 'ъ' {
				end--
			}
			if !freq.wordBits.has(h) { // h is the polyHash of q
				return // not counted at all
			}
			q := qbuf[:0]
			for _, r := range v[:end] {
				q = utf8.AppendRune(q, plainLetter(r))
			}
			if count(freq.words[string(q)]) < minEvidence { // q is folded already
				return
			}
		}
		w := wbuf[:0]
		for _, r := range v {
			w = utf8.AppendRune(w, r)
		}
		if !st.n.mayBeCounted(w, freq.wordBits, &st.sc) || !st.n.reformKnown(w, lowerOnly, &st.sc) {
			return // no reading is counted, or none is a word
		}
		m, r, known := st.reform(string(w), lowerOnly)
		if !known {
			return
		}
		f := freq.of(m)
		if f < minEvidence {
			return
		}
		c := candidate{modern: m, rules: dedup(append([]string{rule}, r...)), cost: evidenceCost}
		c.score = evidenceCost - math.Min(0.6, 0.15*math.Log2(1+float64(f)))
		switch {
		case !*ok || c.score < best.score:
			if *ok && c.modern != best.modern {
				*second = math.Min(*second, best.score)
			}
			*best, *ok = c, true
		case c.modern != best.modern:
			*second = math.Min(*second, c.score)
		}
	}
	buf := make([]rune, 0, len(rs)+1)
	for i := range rs {
		for _, a := range evidenceAlphabet {
			if a != rs[i] {
				buf = append(append(append(buf[:0], rs[:i]...), a), rs[i+1:]...)
				try(buf, RuleSubstitution, ph.variant(i, i+1, a, true))
			}
		}
		buf = append(append(buf[:0], rs[:i]...), rs[i+1:]...)
		try(buf, RuleDeletion, ph.variant(i, i+1, 0, false))
	}
	for i := 0; i <= len(rs); i++ {
		for _, a := range evidenceAlphabet {
			buf = append(append(append(buf[:0], rs[:i]...), a), rs[i:]...)
			try(buf, RuleInsertion, ph.variant(i, i, a, true))
		}
	}
}

// maxEvidenceRunes is the longest word the evidence search edits.
const maxEvidenceRunes = 20

// plainHashes holds the prefix hashes of a word's plain reform reading
// (plainLetter of each rune), from which the polyHash of the plain
// reading of any one-letter edit of the word — the key the evidence
// search looks up in the frequency prior — is had in constant time.
type plainHashes struct {
	rs  []rune
	end int                          // len(rs), less a final ъ
	p   [maxEvidenceRunes + 2]uint64 // p[i]: polyHash of the reading of rs[:i]
	b   [maxEvidenceRunes + 2]int    // b[i]: its length in bytes
	pow [utf8.UTFMax*(maxEvidenceRunes+1) + 1]uint64
}

// of computes the hashes of rs (at most maxEvidenceRunes runes).
func (ph *plainHashes) of(rs []rune) {
	ph.rs = rs
	ph.end = len(rs)
	if ph.end > 0 && rs[ph.end-1] == 'ъ' {
		ph.end--
	}
	for i, r := range rs {
		r = plainLetter(r)
		ph.p[i+1] = polyRune(ph.p[i], r)
		ph.b[i+1] = ph.b[i] + encodedLen(r)
	}
	ph.pow[0] = 1
	for k := 1; k <= ph.b[len(rs)]; k++ {
		ph.pow[k] = ph.pow[k-1] * polyMul
	}
}

// encodedLen is the length of r as utf8.AppendRune writes it.
func encodedLen(r rune) int {
	if n := utf8.RuneLen(r); n > 0 {
		return n
	}
	return len(string(utf8.RuneError))
}

// variant returns the polyHash of the plain reading (a final ъ dropped)
// of the word rs[:i] + a + rs[j:], a left out when mid is false.
func (ph *plainHashes) variant(i, j int, a rune, mid bool) uint64 {
	n := len(ph.rs)
	h := ph.p[i]
	switch {
	case j < n:
		// The word's own end stays: the tail is rs[j:end].
		if mid {
			h = polyRune(h, plainLetter(a))
		}
		tail := ph.p[ph.end] - ph.p[j]*ph.pow[ph.b[ph.end]-ph.b[j]]
		return h*ph.pow[ph.b[ph.end]-ph.b[j]] + tail
	case mid && a == 'ъ':
		return h // a ъ written last is dropped
	case mid:
		return polyRune(h, plainLetter(a))
	case i > 0 && ph.rs[i-1] == 'ъ':
		return ph.p[i-1] // the last letter deleted, a ъ before it is last
	}
	return h
}

// plainLetter is a lower-case letter's plain reform reading as the
// document-frequency prior keys it: mapLetters (ѣ → е, і → и, ѳ → ф,
// ѵ → и) and then fold (ё → е).
func plainLetter(r rune) rune {
	switch r {
	case 'ѣ', 'ё':
		return 'е'
	case 'і', 'ѵ':
		return 'и'
	case 'ѳ':
		return 'ф'
	}
	return r
}

// splitPlausible decides whether a candidate with lost spaces restored is
// acceptable: parts are its pre-reform parts, mods their modern forms.
// No space may follow a bare hard consonant (the old spelling writes
// "столъ"). Every restored space must be marked — by a ъ before it, or by
// a function word or pronoun beside it — or both neighbouring words must
// be spelled cleanly elsewhere in the input in some form of their stem
// (one of them suffices when both have four letters or more); of two lost
// spaces in one token, one must follow a ъ. A short last part (fewer than
// three letters) must be a function word or pronoun after a word of three
// letters or more ("картуна" → "карту на"): a lost space is followed by a
// content word, not "по на". No part may be a lone і or start with і
// before a consonant: the old spelling writes і before vowels only, and
// the conjunction as и.
func splitPlausible(parts, mods []string, freq docFreq) bool {
	last := len(mods) - 1
	if utf8.RuneCountInString(mods[last]) < 3 && !functionWords[mods[last]] && !shortWords[mods[last]] && !pronounWords[mods[last]] {
		return false
	}
	for k := range parts {
		// і is written before vowels only: a part cannot start with і
		// before a consonant or be a lone і ("угловъіхъ" is not "угловъ іхъ").
		if r, size := utf8.DecodeRuneInString(parts[k]); r == 'і' {
			if next, _ := utf8.DecodeRuneInString(parts[k][size:]); next == utf8.RuneError || isConsonant(next) {
				return false
			}
		}
	}
	if last >= 2 {
		// Two lost spaces in one token: one of them must follow a ъ.
		hard := false
		for _, p := range parts[:last] {
			hard = hard || strings.HasSuffix(p, "ъ")
		}
		if !hard {
			return false
		}
	}
	if utf8.RuneCountInString(mods[last]) < 3 && utf8.RuneCountInString(mods[last-1]) < 3 {
		return false // two short words ("по на") are not one lost space
	}
	for k := 0; k < last; k++ {
		a, b := mods[k], mods[k+1]
		if r, _ := utf8.DecodeLastRuneInString(parts[k]); isConsonant(r) && r != 'й' {
			// The old spelling ends every word in a hard consonant with ъ:
			// a lost space after a bare consonant ("расклад|на") is not one.
			return false
		}
		switch {
		case strings.HasSuffix(parts[k], "ъ"):
		case functionWords[a] || shortWords[a] || pronounWords[a] || pronounWords[b]:
		case (functionWords[b] || shortWords[b] || pronounWords[b]) && utf8.RuneCountInString(a) >= 3:
		case evidenced(a, freq) && evidenced(b, freq):
		case (evidenced(a, freq) || evidenced(b, freq)) && utf8.RuneCountInString(a) >= 4 && utf8.RuneCountInString(b) >= 4:
		default:
			return false
		}
	}
	return true
}

// stemKeyLen is the length in runes of the stem key under which the
// document-frequency map also counts words of at least that length.
const stemKeyLen = 5

// stemPrefix returns the first stemKeyLen runes of w, under which the
// frequency counts words sharing a stem ("раскладке", "раскладку" and
// "раскладывают" share "раскл"); false for a shorter word.
func stemPrefix(w string) (string, bool) {
	n := 0
	for i := range w {
		if n == stemKeyLen {
			return w[:i], true
		}
		n++
	}
	return w, n == stemKeyLen
}

// evidenced reports whether m, or another form of the same stem, is
// spelled cleanly elsewhere in the input.
func evidenced(m string, freq docFreq) bool {
	return freq.of(m) > 0 || freq.stemOf(m) > 0
}

// priorFreq is the document frequency of a candidate word, raised for the
// function words and pronouns, the most frequent words of the language,
// which a short text may happen not to spell cleanly ("псдъ" is "подъ",
// not "пед").
func priorFreq(m string, freq docFreq) int {
	f := freq.of(m)
	if (functionWords[m] || shortWords[m] || pronounWords[m]) && f < 4 {
		return 4
	}
	return f
}

func hasPrefixRunes(s, p []rune) bool {
	if len(p) > len(s) {
		return false
	}
	for i := range p {
		if s[i] != p[i] {
			return false
		}
	}
	return true
}

func dedup(rules []string) []string {
	out := rules[:0:0]
	for _, r := range rules {
		dup := false
		for _, x := range out {
			if x == r {
				dup = true
				break
			}
		}
		if !dup {
			out = append(out, r)
		}
	}
	return out
}
