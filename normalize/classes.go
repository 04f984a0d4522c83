package normalize

import "strings"

// Edit classes: what kind of change an edit (or a token's rules) made. A
// change can be of several classes at once: "нзъ" → "из" is an OCR repair
// and a reform.
const (
	// ClassReform is a spelling change of the 1917–18 reform and modern
	// spelling (the reform.* rules).
	ClassReform = "reform"
	// ClassOCR is a repair of OCR damage inside a word (the ocr.* rules
	// other than the split and the unresolved mark).
	ClassOCR = "ocr_repair"
	// ClassSplit is a lost space restored (ocr.word-split).
	ClassSplit = "split"
	// ClassJoin is a word divided by the layout joined again: across a line
	// break, or at a soft hyphen (the join.* rules).
	ClassJoin = "join"
	// ClassUnresolved is an unknown word the corrector left alone
	// (ocr.unresolved, confidence 0).
	ClassUnresolved = "unresolved"
)

// Classes lists the edit classes in their fixed order.
var Classes = []string{ClassReform, ClassOCR, ClassSplit, ClassJoin, ClassUnresolved}

// RuleClass returns the class of one rule name: ClassReform, ClassOCR,
// ClassSplit, ClassJoin or ClassUnresolved ("" for a name of no class).
func RuleClass(rule string) string {
	switch {
	case rule == RuleWordSplit:
		return ClassSplit
	case rule == RuleUnresolved:
		return ClassUnresolved
	case strings.HasPrefix(rule, "reform."):
		return ClassReform
	case strings.HasPrefix(rule, "ocr."):
		return ClassOCR
	case strings.HasPrefix(rule, "join."):
		return ClassJoin
	}
	return ""
}

// EditClasses returns the classes of a list of rules, each once, in the
// order of Classes (nil for no rule).
func EditClasses(rules []string) []string {
	var has [5]bool
	for _, r := range rules {
		for i, c := range Classes {
			if RuleClass(r) == c {
				has[i] = true
			}
		}
	}
	var out []string
	for i, c := range Classes {
		if has[i] {
			out = append(out, c)
		}
	}
	return out
}

// Summary counts the edits of a text by class. An edit of several classes
// counts once in each; Edits counts every edit once.
type Summary struct {
	Doc        string `json:"doc"`
	Edits      int    `json:"edits"`
	Reform     int    `json:"reform"`
	OCR        int    `json:"ocr_repair"`
	Split      int    `json:"split"`
	Join       int    `json:"join"`
	Unresolved int    `json:"unresolved"`
}

// Add counts one edit made by rules (nothing for no rule).
func (s *Summary) Add(rules []string) {
	cs := EditClasses(rules)
	if len(rules) == 0 {
		return
	}
	s.Edits++
	for _, c := range cs {
		switch c {
		case ClassReform:
			s.Reform++
		case ClassOCR:
			s.OCR++
		case ClassSplit:
			s.Split++
		case ClassJoin:
			s.Join++
		case ClassUnresolved:
			s.Unresolved++
		}
	}
}

// Count returns the count of class c (one of Classes; 0 for another
// name).
func (s Summary) Count(c string) int {
	switch c {
	case ClassReform:
		return s.Reform
	case ClassOCR:
		return s.OCR
	case ClassSplit:
		return s.Split
	case ClassJoin:
		return s.Join
	case ClassUnresolved:
		return s.Unresolved
	}
	return 0
}
