package normalize

// Rule names. They are stable: edit records, tests and downstream tools
// refer to them. Every name is documented in the rule table of the package
// documentation (doc.go); TestRuleTableComplete enforces it.
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

	RuleLineHyphen = "join.line-hyphen"
	RuleSoftHyphen = "join.soft-hyphen"
)

// confusion is one weighted OCR confusion: the OCR printed from where the
// book has to. Costs are hand-set from the confusion counts measured on the
// corpus (NORMALIZE.md §1) and from the shapes of the letters: the more
// often a confusion is seen, the cheaper it is.
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

// confusionRuleNames lists every rule name the confusion table can emit.
func confusionRuleNames() []string {
	seen := map[string]bool{}
	var out []string
	for _, c := range confusions() {
		if !seen[c.rule] {
			seen[c.rule] = true
			out = append(out, c.rule)
		}
	}
	return out
}

// allRuleNames lists every rule name the package can emit.
func allRuleNames() []string {
	names := []string{
		RuleDjeForYat, RuleLatinLookalike, RuleDigitForLetter, RuleDoubleIForShortI,
		RuleStrayCapital, RuleSlashKForZh, RuleIzhitsaForU, RuleWordSplit, RuleSubstitution, RuleInsertion, RuleDeletion,
		RuleUnresolved, RuleYat, RuleIDecimal, RuleFita, RuleIzhitsa, RuleFinalHardSign,
		RuleHardSignI, RuleEndingAgo, RuleEndingYago, RuleEndingYya, RuleEndingIya,
		RuleEndingIyasya, RulePrefixZS, RulePronoun, RuleLineHyphen, RuleSoftHyphen,
	}
	seen := map[string]bool{}
	for _, n := range names {
		seen[n] = true
	}
	for _, n := range confusionRuleNames() {
		if !seen[n] {
			seen[n] = true
			names = append(names, n)
		}
	}
	return names
}
