package link

import (
	"fmt"
	"sort"
	"strings"

	"github.com/pasyans/pasyans/corpus"
	"github.com/pasyans/pasyans/engine"
)

// RuleCoverage is one catalog entry with the corpus passages linked to it.
type RuleCoverage struct {
	// ID is the rule or advice ID.
	ID engine.RuleID `json:"id"`
	// Game is the game ID.
	Game string `json:"game"`
	// Kind is numbered, play or advice.
	Kind engine.RuleKind `json:"kind"`
	// Status is the catalog status (book, lost, convention).
	Status engine.RuleStatus `json:"status"`
	// Source is the catalog's source for the content when not the corpus.
	Source string `json:"source,omitempty"`
	// Links counts the passages linked to the entry (both readings of a
	// passage scanned twice count).
	Links int `json:"links"`
	// Docs lists the documents the links are in, sorted.
	Docs []string `json:"docs,omitempty"`
}

// Coverage checks the links against the catalog both ways.
type Coverage struct {
	// Rules lists every entry of the catalog (numbered, play, advice), in
	// catalog order, with its links. Play rules have links only when they
	// were linked with Options.Play.
	Rules []RuleCoverage `json:"rules"`
	// Missing lists the numbered and advice entries no passage links to,
	// with their status: rules lost in the scan, rules known only from
	// another source, advice the surviving text lacks.
	Missing []RuleCoverage `json:"missing"`
	// Orphans lists corpus rules whose game has no such rule in the catalog.
	// They are errors (see Err).
	Orphans []Link `json:"orphans"`
	// UnknownGames lists the headings of games the text has and the
	// catalog lacks; the passages under them link to nothing
	// (MethodUnknownGame). They are no error: the books describe more
	// games than the engine implements.
	UnknownGames []UnknownGame `json:"unknown_games,omitempty"`
}

// coverage checks links against the catalog: which entries have corpus
// text, which numbered and advice entries have none (with their catalog
// status), and which corpus rules have no engine rule.
func coverage(links []Link, cat []*engine.Spec) Coverage {
	var rep Coverage
	type acc struct {
		n    int
		docs map[string]bool
	}
	byID := map[engine.RuleID]*acc{}
	for _, l := range links {
		switch {
		case l.Method == MethodOrphan:
			rep.Orphans = append(rep.Orphans, l)
		case l.Linked():
			a := byID[l.RuleID]
			if a == nil {
				a = &acc{docs: map[string]bool{}}
				byID[l.RuleID] = a
			}
			a.n++
			a.docs[l.Doc] = true
		}
	}
	for _, s := range cat {
		if s == nil {
			continue
		}
		for _, r := range s.Rules {
			rc := RuleCoverage{ID: r.ID, Game: s.ID, Kind: r.Kind, Status: r.Status, Source: r.Source}
			if a := byID[rc.ID]; a != nil {
				rc.Links = a.n
				for d := range a.docs {
					rc.Docs = append(rc.Docs, d)
				}
				sort.Strings(rc.Docs)
			}
			rep.Rules = append(rep.Rules, rc)
			if rc.Links == 0 && r.Kind != engine.KindPlay {
				rep.Missing = append(rep.Missing, rc)
			}
		}
	}
	return rep
}

// UnknownGame is a game of the text that the catalog does not have: a game
// heading that names none of its games, and how many candidate passages
// lie under it (up to the next heading).
type UnknownGame struct {
	// Doc is the document, Block the heading's block in it.
	Doc   string `json:"doc"`
	Block int    `json:"block"`
	// Heading is the heading as printed, Span where it is.
	Heading string      `json:"heading"`
	Span    corpus.Span `json:"span"`
	// Passages counts the rule, paragraph and footnote blocks under it.
	Passages int `json:"passages"`
}

// Err reports the coverage errors: corpus rules with no engine rule. nil
// when there are none.
//
// The message names the first three orphans and counts the rest, so that
// it stays one short line whatever the input.
func (c Coverage) Err() error {
	if len(c.Orphans) == 0 {
		return nil
	}
	var parts []string
	for _, l := range c.Orphans[:min(len(c.Orphans), maxErrOrphans)] {
		parts = append(parts, fmt.Sprintf("%s block %d (line %d): corpus rule %s has no engine rule", l.Doc, l.Block, l.Span.StartLine, l.Candidate))
	}
	if more := len(c.Orphans) - maxErrOrphans; more > 0 {
		parts = append(parts, fmt.Sprintf("and %d more", more))
	}
	return fmt.Errorf("link coverage: %s", strings.Join(parts, "; "))
}

// maxErrOrphans is how many orphans Coverage.Err names.
const maxErrOrphans = 3
