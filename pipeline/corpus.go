package pipeline

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"github.com/pasyans/pasyans/corpus"
	"github.com/pasyans/pasyans/engine"
	"github.com/pasyans/pasyans/link"
	"github.com/pasyans/pasyans/normalize"
	"github.com/pasyans/pasyans/reports"
	"github.com/pasyans/pasyans/reports/viewer"
)

// CorpusOptions are the segmenter's options: the games of the engine's
// catalog, so that headings are matched against the catalog's titles.
func CorpusOptions() corpus.Options { return corpus.Options{Games: link.Games(nil)} }

// Documents returns the built-in corpus when paths is empty; otherwise the
// named documents (built-in names, file paths, or "-" for stdin, read as a
// stream with the same encoding detection as files), with the passages
// they share marked as duplicates.
func Documents(ctx context.Context, paths []string, stdin io.Reader) ([]*corpus.Document, error) {
	if len(paths) == 0 {
		return corpus.Embedded(ctx, CorpusOptions())
	}
	open := opener(ctx, stdin)
	docs := make([]*corpus.Document, 0, len(paths))
	for _, p := range paths {
		d, err := open(p)
		if err != nil {
			return nil, err
		}
		docs = append(docs, d)
	}
	if len(docs) > 1 {
		if err := corpus.LinkDuplicates(ctx, docs); err != nil {
			return nil, err
		}
	}
	return docs, nil
}

// opener returns a function that opens a built-in document, a file or
// ("-") standard input, which can be read once.
func opener(ctx context.Context, stdin io.Reader) func(string) (*corpus.Document, error) {
	usedStdin := false
	return func(name string) (*corpus.Document, error) {
		if name != "-" {
			return corpus.Open(ctx, name, CorpusOptions())
		}
		if usedStdin || stdin == nil {
			return nil, errors.New("-: standard input can be read only once")
		}
		usedStdin = true
		return corpus.Read(ctx, "stdin", stdin, CorpusOptions())
	}
}

// DocumentOpener returns the names to process and a function that opens one
// of them like Documents. With no names it stands for the whole built-in
// corpus, which is then read and segmented once rather than once per
// document.
func DocumentOpener(ctx context.Context, names []string, stdin io.Reader) (func(string) (*corpus.Document, error), []string, error) {
	open := opener(ctx, stdin)
	if len(names) > 0 {
		return open, names, nil
	}
	docs, err := corpus.Embedded(ctx, CorpusOptions())
	if err != nil {
		return nil, nil, err
	}
	byName := make(map[string]*corpus.Document, len(docs))
	for _, d := range docs {
		byName[d.Name] = d
		names = append(names, d.Name)
	}
	return func(name string) (*corpus.Document, error) {
		if d, ok := byName[name]; ok {
			return d, nil
		}
		return open(name)
	}, names, nil
}

// Corpus is a set of documents normalized and linked to the rule catalog:
// the corpus → normalize → link part of the pipeline.
type Corpus struct {
	// Documents are the segmented documents.
	Documents []*corpus.Document
	// Normalizer is the normalizer the links were made with.
	Normalizer *normalize.Normalizer
	// Catalog is the engine's rule catalog the passages are linked to.
	Catalog []*engine.Spec
	// Links are every linked and unlinked passage (numbered rules, advice
	// and, with LinkOptions.Play, play rules), in document order.
	Links []link.Link
	// Coverage is the linker's coverage report: catalog entries without
	// corpus text, corpus rules without a catalog entry, unknown games.
	Coverage link.Coverage
	// Play says whether play rules were linked too.
	Play bool
}

// LinkOptions configure LinkCorpus.
type LinkOptions struct {
	// Play also links paragraphs to the catalog's play rules (deal,
	// vacancies, redeals …). The datasets and "games show" link them; the
	// link command only on request.
	Play bool
}

// LinkCorpus normalizes the documents and links their rule and advice
// passages to the engine's rule catalog.
func LinkCorpus(ctx context.Context, docs []*corpus.Document, o LinkOptions) (*Corpus, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	n, err := normalize.New()
	if err != nil {
		return nil, fmt.Errorf("normalizer: %w", err)
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	cat := engine.Catalog()
	res, err := link.Documents(ctx, docs, link.Options{Catalog: cat, Normalizer: n, Play: o.Play})
	if err != nil {
		return nil, fmt.Errorf("link: %w", err)
	}
	return &Corpus{Documents: docs, Normalizer: n, Catalog: cat, Links: res.Links, Coverage: res.Coverage, Play: o.Play}, nil
}

// LoadCorpus reads the documents of paths (the built-in corpus when empty)
// and links them with play rules included, as the datasets need.
func LoadCorpus(ctx context.Context, paths []string, stdin io.Reader) (*Corpus, error) {
	docs, err := Documents(ctx, paths, stdin)
	if err != nil {
		return nil, err
	}
	return LinkCorpus(ctx, docs, LinkOptions{Play: true})
}

// Datasets returns the corpus_blocks, corpus_tokens and rules datasets. The
// corpus must have been linked with play rules.
func (c *Corpus) Datasets(ctx context.Context) (*reports.CorpusData, error) {
	return reports.NewCorpusData(ctx, c.Documents, c.Normalizer, c.Catalog, c.Links)
}

// Passages returns the linked passages of one game, in document order: the
// book's text of its numbered rules, advice and (if linked) play rules.
func (c *Corpus) Passages(game string) []link.Link {
	var out []link.Link
	for _, l := range c.Links {
		if l.Linked() && l.RuleID.Game() == game {
			out = append(out, l)
		}
	}
	return out
}

// RulePassages returns the passages linked to one rule or advice ID.
func (c *Corpus) RulePassages(id engine.RuleID) []link.Link {
	var out []link.Link
	for _, l := range c.Links {
		if l.Linked() && l.RuleID == id {
			out = append(out, l)
		}
	}
	return out
}

// CorpusStats counts what the corpus stages found, for progress lines.
type CorpusStats struct {
	Documents, Blocks, Games int
	// Tokens, Changed and Unresolved count the tokens, those changed to
	// modern spelling and those left as they are (unresolved OCR).
	Tokens, Changed, Unresolved int
	// Linked counts the linked blocks; WithText the catalog rules and
	// advice that have corpus text, of Rules.
	Linked, WithText, Rules int
}

// Stats counts the documents, tokens and links of the corpus and its
// datasets cd.
func (c *Corpus) Stats(cd *reports.CorpusData) CorpusStats {
	s := CorpusStats{Documents: len(c.Documents), Tokens: len(cd.Tokens), Rules: len(cd.Rules)}
	games := map[string]bool{}
	for _, d := range c.Documents {
		s.Blocks += len(d.Blocks)
		for _, g := range d.Games() {
			games[g] = true
		}
	}
	s.Games = len(games)
	for _, t := range cd.Tokens {
		if t.Changed {
			s.Changed++
		}
		for _, r := range t.Rules {
			if r == normalize.RuleUnresolved {
				s.Unresolved++
			}
		}
	}
	for _, b := range cd.Blocks {
		if b.RuleID != "" {
			s.Linked++
		}
	}
	for _, r := range cd.Rules {
		if r.TextModern != "" {
			s.WithText++
		}
	}
	return s
}

// RuleRows returns the rules dataset of the built-in corpus: the catalog
// with each rule's linked passage. When the corpus cannot be linked it
// returns the catalog alone and the error.
func RuleRows(ctx context.Context) ([]reports.RuleRow, error) {
	c, err := LoadCorpus(ctx, nil, nil)
	if err != nil {
		return reports.RuleRows(engine.Catalog(), nil), err
	}
	return reports.RuleRows(c.Catalog, c.Links), nil
}

// ViewerPassages returns every rule's passages for the deal viewers
// (reports/viewer), the best first.
func (c *Corpus) ViewerPassages() map[engine.RuleID][]viewer.Passage {
	return reports.PassagesFromLinks(c.Links)
}

// LinkListing describes the output of "pasyans link".
type LinkListing struct {
	// JSON prints {"links": [...], "coverage": {...}}; otherwise a table,
	// with All also the unlinked passages, with Coverage the coverage
	// report, the text column cut to Width.
	JSON, All, Coverage bool
	Width               int
	// Out receives the listing, Log the summary line.
	Out, Log io.Writer
}

// WriteLinks prints the corpus's links as o says, then a summary line to
// o.Log; it returns the coverage's error (a corpus rule the catalog lacks)
// after printing.
func (c *Corpus) WriteLinks(o LinkListing) error {
	rep := c.Coverage
	if o.JSON {
		enc := json.NewEncoder(o.Out)
		enc.SetIndent("", "  ")
		enc.SetEscapeHTML(false)
		if err := enc.Encode(link.Result{Links: c.Links, Coverage: rep}); err != nil {
			return fmt.Errorf("writing JSON: %w", err)
		}
		return rep.Err()
	}
	if err := reports.WriteLinks(o.Out, c.Links, o.All, o.Width); err != nil {
		return err
	}
	if o.Coverage {
		if err := reports.WriteCoverage(o.Out, rep); err != nil {
			return err
		}
	}
	linked := 0
	for _, l := range c.Links {
		if l.Linked() {
			linked++
		}
	}
	fmt.Fprintf(o.Log, "%s in %s; %s unlinked; %d catalog rules and advice without corpus text\n",
		reports.Plural(linked, "link"), reports.Plural(len(c.Documents), "document"), reports.Plural(len(c.Links)-linked, "passage"), len(rep.Missing))
	return rep.Err()
}
