package normalize

// Rule names. They are stable: edit records, tests and downstream tools
// refer to them. Every name is in the rule table (EditRules), which the
// package documentation and docs/normalize.md print; TestRuleTable
// enforces it.
const (
	RuleDjeForYat        = "ocr.dje-for-yat"
	RuleLatinLookalike   = "ocr.latin-lookalike"
	RuleDigitForLetter   = "ocr.digit-for-letter"
	RuleDoubleIForShortI = "ocr.double-i-for-short-i"
	RuleStrayCapital     = "ocr.stray-capital"
	RuleSlashKForZh      = "ocr.slash-k-for-zh"
	RuleIzhitsaForU      = "ocr.izhitsa-for-u"
	RuleWordSplit        = "ocr.word-split"
	RuleSubstitution     = "ocr.substitution"
	RuleInsertion        = "ocr.insertion"
	RuleDeletion         = "ocr.deletion"
	RuleUnresolved       = "ocr.unresolved"

	RuleYat           = "reform.yat"
	RuleIDecimal      = "reform.i-decimal"
	RuleFita          = "reform.fita"
	RuleIzhitsa       = "reform.izhitsa"
	RuleFinalHardSign = "reform.final-hard-sign"
	RuleHardSignI     = "reform.hard-sign-i"
	RuleEndingAgo     = "reform.ending-ago"
	RuleEndingYago    = "reform.ending-yago"
	RuleEndingYya     = "reform.ending-yya"
	RuleEndingIya     = "reform.ending-iya"
	RuleEndingIyasya  = "reform.ending-iyasya"
	RulePrefixZS      = "reform.prefix-z-s"
	RulePronoun       = "reform.pronoun"

	RuleParticleHyphen     = "reform.particle-hyphen"
	RuleToEst              = "reform.to-est"
	RuleAbbreviationHyphen = "reform.abbreviation-hyphen"

	RuleLineHyphen = "join.line-hyphen"
	RuleSoftHyphen = "join.soft-hyphen"
)

// confusion is one weighted OCR confusion: the OCR printed from where the
// book has to. Costs are hand-set from the confusions counted in the corpus
// (000–002 against their hand-corrected reading, gold; see
// docs/normalize.md) and from the shapes of the letters: the more often a
// confusion is seen, the cheaper it is.
type confusion struct {
	from, to []rune
	cost     float64
	rule     string
	atEnd    bool // only at the end of the word
}

func conf(from, to string, cost float64, rule string) confusion {
	return confusion{from: []rune(from), to: []rune(to), cost: cost, rule: rule}
}

// confusions returns the confusion table (a fresh slice, so it may be kept
// as the Normalizer's immutable copy).
func confusions() []confusion {
	c := []confusion{
		conf("н", "и", 0.30, "ocr.n-for-i"),
		conf("и", "н", 0.50, "ocr.i-for-n"),
		conf("и", "п", 0.50, "ocr.i-for-p"),
		conf("п", "и", 0.50, "ocr.p-for-i"),
		conf("н", "п", 0.50, "ocr.n-for-p"),
		conf("п", "н", 0.50, "ocr.p-for-n"),
		conf("е", "с", 0.40, "ocr.e-for-s"),
		conf("с", "е", 0.40, "ocr.s-for-e"),
		conf("с", "о", 0.60, "ocr.s-for-o"),
		conf("о", "с", 0.70, "ocr.o-for-s"),
		conf("д", "л", 0.50, "ocr.d-for-l"),
		conf("л", "д", 0.60, "ocr.l-for-d"),
		conf("й", "и", 0.50, "ocr.short-i-for-i"),
		conf("и", "й", 0.60, "ocr.i-for-short-i"),
		conf("із", "в", 0.40, "ocr.iz-for-v"),
		conf("из", "в", 0.50, "ocr.iz-for-v"),
		conf("тю", "по", 0.50, "ocr.tyu-for-po"),
		conf("т", "п", 0.70, "ocr.t-for-p"),
		conf("а", "я", 0.60, "ocr.a-for-ya"),
		conf("я", "а", 0.70, "ocr.ya-for-a"),
		conf("п", "в", 0.60, "ocr.p-for-v"),
		conf("и", "ы", 0.60, "ocr.i-for-y"),
		conf("ы", "и", 0.70, "ocr.y-for-i"),
		conf("ш", "щ", 0.60, "ocr.sh-for-shch"),
		conf("щ", "ш", 0.60, "ocr.shch-for-sh"),
		conf("г", "т", 0.70, "ocr.g-for-t"),
		conf("ц", "п", 0.70, "ocr.ts-for-p"),
		// Letters of the old typefaces that OCR splits or takes for others:
		// ы as ьі/ъі, ю as іо, ѣ as ь, and pairs of similar shapes.
		conf("ьі", "ы", 0.30, "ocr.soft-sign-i-for-y"),
		conf("ъі", "ы", 0.40, "ocr.hard-sign-i-for-y"),
		conf("іо", "ю", 0.50, "ocr.io-for-yu"),
		conf("ь", "ѣ", 0.50, "ocr.soft-sign-for-yat"),
		conf("л", "п", 0.70, "ocr.l-for-p"),
		conf("п", "л", 0.70, "ocr.p-for-l"),
		conf("з", "э", 0.70, "ocr.z-for-eh"),
		conf("э", "з", 0.70, "ocr.eh-for-z"),
		conf("ц", "щ", 0.70, "ocr.ts-for-shch"),
		conf("щ", "ц", 0.70, "ocr.shch-for-ts"),
		conf("/к", "ж", 0.10, RuleSlashKForZh),
		conf("ии", "й", 0.30, RuleDoubleIForShortI),
		conf("ь", "ъ", 0.30, "ocr.soft-for-hard-sign"),
		conf("ъ", "ь", 0.60, "ocr.hard-for-soft-sign"),
	}
	end := confusion{from: []rune("сн"), to: []rune("ся"), cost: 0.50, rule: "ocr.n-for-ya", atEnd: true}
	return append(c, end)
}

// confIndex lists, for each rune, the confusions whose from starts with
// it, in table order: the OCR search tries at each position only those.
type confIndex struct {
	cyr   [0x80][]int32 // U+0400–U+047F
	other map[rune][]int32
}

// indexConfusions builds the index of the table c.
func indexConfusions(c []confusion) confIndex {
	x := confIndex{other: map[rune][]int32{}}
	for i, cf := range c {
		if r := cf.from[0]; r >= 0x400 && r < 0x480 {
			x.cyr[r-0x400] = append(x.cyr[r-0x400], int32(i))
		} else {
			x.other[r] = append(x.other[r], int32(i))
		}
	}
	return x
}

// of returns the indices of the confusions whose from starts with r.
func (x *confIndex) of(r rune) []int32 {
	if r >= 0x400 && r < 0x480 {
		return x.cyr[r-0x400]
	}
	return x.other[r]
}

// Stages of the pipeline an edit rule belongs to (see the package doc).
const (
	StageTokens = "tokens" // joining the parts of a word the layout split
	StageRepair = "repair" // character repair that needs no lexicon
	StageReform = "reform" // the spelling reform of 1917–18
	StageOCR    = "ocr"    // correction of OCR damage by the lexicon
)

// EditRule describes one rule an Edit may name.
type EditRule struct {
	// Name is the stable rule name, e.g. "reform.yat".
	Name string `json:"name"`
	// Stage is the pipeline stage (Stage* constants).
	Stage string `json:"stage"`
	// Does says what the rule changes.
	Does string `json:"does"`
	// Cost is the cost of an OCR confusion or word split in the
	// corrector's ranking (the cheapest where the rule has several
	// entries); 0 for rules the corrector does not rank.
	Cost float64 `json:"cost,omitempty"`
	// Source is where the rule comes from: the reform decrees, the modern
	// spelling rules, the evidence of the corpus, the shapes of the letters.
	Source string `json:"source"`
}

// Sources cited by the rule table.
const (
	srcDecree   = "the reform decrees of 1917–18"
	srcCorpus   = "corpus 000–002"
	srcShape    = "letter shapes of the old typefaces; not seen in the corpus"
	srcEvidence = "the input itself: the result is spelled cleanly at least twice elsewhere in it"
	srcLexicon  = "the lexicon (hunspell-ru, Lebedev's dictionary, with the pasyans supplement)"
	srcModern   = "modern spelling (Правила русской орфографии и пунктуации, 1956)"
)

// editRules is the rule table; EditRules returns a copy.
var editRules = []EditRule{
	{RuleDjeForYat, StageRepair, "ђ/Ђ (the OCR's reading of the yat) → ѣ/Ѣ", 0,
		srcCorpus + ": every ѣ of 000–002 is printed ђ"},
	{RuleLatinLookalike, StageRepair, "Latin letter inside a Cyrillic word → the Cyrillic letter of its shape (I→І, a→а, u→и, b→ь …)", 0,
		srcCorpus + ": Latin I for І (КОНСТИТУЦIЯ, 001); the other letters by their shapes (docs/normalize.md)"},
	{RuleDigitForLetter, StageRepair, "digit 3/0 next to Cyrillic letters → З/О, 6 after a lower-case letter → б", 0,
		srcCorpus + ": 3 for З (3одіакъ, 001); 0 and 6 by their shapes"},
	{RuleDoubleIForShortI, StageRepair, "final іі (or ии by lexicon) → й, or ій after a consonant", 0,
		srcCorpus + ": іі or ии for й 7 times (Каждыіі, судеіі)"},
	{RuleStrayCapital, StageRepair, "capital after a lower-case letter → lower case", 0,
		srcCorpus + ": КаждыЙ, каждоЙ"},
	{RuleSlashKForZh, StageOCR, `"/к" → ж`, 0.10, srcCorpus + ": Разло/кнвши (001)"},
	{RuleIzhitsaForU, StageReform, "ѵ read as у where the lexicon knows that word", 0,
		srcCorpus + ": внѵтреннихъ (002) is an OCR у; a true izhitsa is rare (мѵро, сѵнодъ)"},
	{RuleYat, StageReform, "ѣ → е", 0, srcDecree},
	{RuleIDecimal, StageReform, "і → и", 0, srcDecree},
	{RuleFita, StageReform, "ѳ → ф", 0, srcDecree},
	{RuleIzhitsa, StageReform, "ѵ → и", 0, "the 1917–18 reform: the decrees do not name ѵ, which left print with the letters they removed; its sound is и"},
	{RuleFinalHardSign, StageReform, "final ъ after a consonant dropped", 0, srcDecree},
	{RuleHardSignI, StageReform, "ъи → ы", 0, "modern spelling: after a prefix ending in a consonant и is written ы (съиграть → сыграть)"},
	{RuleEndingAgo, StageReform, "-аго/-агося → -ого/-его(ся)", 0, srcDecree + "; -его after ж ч ш щ, and the stressed большого, чужого"},
	{RuleEndingYago, StageReform, "-яго/-ягося → -его(ся)", 0, srcDecree},
	{RuleEndingYya, StageReform, "-ыя → -ые", 0, srcDecree + ", nominative and accusative plural of adjectives and participles; a word the lexicon knows as it is keeps -ыя (выя)"},
	{RuleEndingIya, StageReform, "-ія → -ие (adjectives; nouns keep -ия by reform.i-decimal)", 0, srcDecree + "; adjective or noun decided by " + srcLexicon},
	{RuleEndingIyasya, StageReform, "-іяся → -иеся", 0, srcDecree},
	{RulePrefixZS, StageReform, "без/чрез/через before a voiceless consonant, из/раз/роз/воз/низ before с → -с", 0,
		srcDecree + "; confirmed by " + srcLexicon + " (разсчетъ → расчет, разсчитать → рассчитать)"},
	{RulePronoun, StageReform, "онѣ→они, однѣ→одни, однѣхъ/ми/мъ→одних/ми/м, ея→ее, нея→нее", 0, srcDecree + " (ё is not written: ее, нее)"},
	{RuleParticleHyphen, StageReform, "the particles же, ли, бы (ж, ль, б) after a hyphen written apart: тотчасъ-же → тотчас же; " +
		"left as it is where the two parts also make one word (то-же: тоже or то же; что-бы: чтобы or что бы)", 0, srcModern + ": the particles бы, ли, же are written apart"},
	{RuleToEst, StageReform, "то-есть → то есть", 0, srcModern + ": то есть is two words"},
	{RuleAbbreviationHyphen, StageReform, "the hyphen between the letters of an abbreviation written as a space: т.-е. → т. е., т.-к. → т. к.", 0,
		srcModern + ": т. е., т. к., т. д., т. п."},
	{RuleLineHyphen, StageTokens, "word hyphenated across a line break joined on the first line", 0,
		"typesetting: a word divided at a line end; a compound with its own hyphen (какое-нибудь) keeps it"},
	{RuleSoftHyphen, StageTokens, "soft hyphen (U+00AD) inside a word removed", 0, "Unicode: U+00AD marks an invisible division point"},
	{RuleWordSplit, StageOCR, "a lost space restored (0.60; 0.15 after a ъ the OCR printed)", 0,
		srcCorpus + ": другихъраздђлсній, настолђ (001)"},
	{"ocr.n-for-i", StageOCR, "н printed for и", 0, srcCorpus + ": 11 times (Еслн, илн, нзъ)"},
	{"ocr.i-for-n", StageOCR, "и printed for н", 0, srcCorpus + ": 3 times (посредиие, свободиое)"},
	{"ocr.i-for-p", StageOCR, "и printed for п", 0, srcCorpus + ": 2 times (иереводимы, епискоиовъ)"},
	{"ocr.p-for-i", StageOCR, "п printed for и", 0, srcCorpus + ": 2 times (восьмп)"},
	{"ocr.n-for-p", StageOCR, "н printed for п", 0, srcCorpus + ": 2 times, and Н for П (Насьянсъ, нартнера, начекъ)"},
	{"ocr.p-for-n", StageOCR, "п printed for н", 0, srcCorpus + ": 2 times (должпо)"},
	{"ocr.e-for-s", StageOCR, "е printed for с", 0, srcCorpus + ": 4 times (еоставляются, раекладыванія)"},
	{"ocr.s-for-e", StageOCR, "с printed for е", 0, srcCorpus + ": 2 times (можстъ, четырсхъ)"},
	{"ocr.s-for-o", StageOCR, "с printed for о", 0, srcCorpus + ": освсбождая (000)"},
	{"ocr.o-for-s", StageOCR, "о printed for с", 0, srcShape},
	{"ocr.d-for-l", StageOCR, "д printed for л", 0, srcCorpus + ": Д for Л 2 times (Дучше)"},
	{"ocr.l-for-d", StageOCR, "л printed for д", 0, srcShape},
	{"ocr.short-i-for-i", StageOCR, "й printed for и", 0, srcCorpus + ": йхъ (001)"},
	{"ocr.i-for-short-i", StageOCR, "и printed for й", 0, srcShape},
	{"ocr.iz-for-v", StageOCR, "із/из printed for в", 0, srcCorpus + ": 2 times (Размђстиізши)"},
	{"ocr.tyu-for-po", StageOCR, "тю printed for по", 0, srcCorpus + ": тюрядку (001)"},
	{"ocr.t-for-p", StageOCR, "т printed for п", 0, srcShape},
	{"ocr.a-for-ya", StageOCR, "а printed for я", 0, srcCorpus + ": марьажъ (001)"},
	{"ocr.ya-for-a", StageOCR, "я printed for а", 0, srcShape},
	{"ocr.p-for-v", StageOCR, "п printed for в", 0, srcCorpus + ": Оснопанія (001)"},
	{"ocr.i-for-y", StageOCR, "и printed for ы", 0, srcCorpus + ": Основния (000)"},
	{"ocr.y-for-i", StageOCR, "ы printed for и", 0, srcShape},
	{"ocr.sh-for-shch", StageOCR, "ш printed for щ", 0, srcShape},
	{"ocr.shch-for-sh", StageOCR, "щ printed for ш", 0, srcShape},
	{"ocr.g-for-t", StageOCR, "г printed for т", 0, srcShape},
	{"ocr.ts-for-p", StageOCR, "ц printed for п", 0, srcShape},
	{"ocr.soft-for-hard-sign", StageOCR, "ь printed for ъ", 0, srcCorpus + ": вь (001)"},
	{"ocr.hard-for-soft-sign", StageOCR, "ъ printed for ь", 0, srcShape},
	{"ocr.n-for-ya", StageOCR, `final "сн" for "ся"`, 0, srcCorpus + ": разумђетсн (001)"},
	{"ocr.soft-sign-i-for-y", StageOCR, "ьі printed for ы", 0, srcShape + ": the old ы is a ь and an і"},
	{"ocr.hard-sign-i-for-y", StageOCR, "ъі printed for ы", 0, srcShape + ": the old ы is a ъ and an і"},
	{"ocr.io-for-yu", StageOCR, "іо printed for ю", 0, srcShape},
	{"ocr.soft-sign-for-yat", StageOCR, "ь printed for ѣ", 0, srcShape},
	{"ocr.l-for-p", StageOCR, "л printed for п", 0, srcShape},
	{"ocr.p-for-l", StageOCR, "п printed for л", 0, srcShape},
	{"ocr.z-for-eh", StageOCR, "з printed for э", 0, srcShape},
	{"ocr.eh-for-z", StageOCR, "э printed for з", 0, srcShape},
	{"ocr.ts-for-shch", StageOCR, "ц printed for щ", 0, srcShape},
	{"ocr.shch-for-ts", StageOCR, "щ printed for ц", 0, srcShape},
	{RuleSubstitution, StageOCR, "one letter replaced, by document evidence only", evidenceCost, srcEvidence},
	{RuleInsertion, StageOCR, "one missing letter inserted, by document evidence only", evidenceCost, srcEvidence},
	{RuleDeletion, StageOCR, "one extra letter deleted, by document evidence only", evidenceCost, srcEvidence},
	{RuleUnresolved, StageOCR, "unknown word left as the reform made it; confidence 0", 0,
		"no candidate within the word's budget, or a tie: the corrector does not guess"},
}

// EditRules returns the table of every rule an Edit may name, in a fixed
// order, with the cost of each OCR confusion in the corrector's ranking.
func EditRules() []EditRule {
	costs := map[string]float64{RuleWordSplit: splitCostAfterHardSign}
	for _, c := range confusions() {
		if old, ok := costs[c.rule]; !ok || c.cost < old {
			costs[c.rule] = c.cost
		}
	}
	out := make([]EditRule, len(editRules))
	for i, r := range editRules {
		if c, ok := costs[r.Name]; ok {
			r.Cost = c
		}
		out[i] = r
	}
	return out
}
