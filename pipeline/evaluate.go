package pipeline

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/pasyans/pasyans/corpus"
	"github.com/pasyans/pasyans/normalize"
)

// EvalScore is the score of one document against its modern reference:
// the raw OCR's and the normalizer's output's.
type EvalScore struct {
	Name     string
	Raw, Got normalize.Score
}

// Evaluate normalizes each named document (the built-in corpus when names
// is empty) and scores it against its modern reference — gold/NAME.txt, or
// the built-in reference (normalize.Gold) when gold is "" — calling fn per
// document. The name "-" reads stdin (once); its reference is
// gold/stdin.txt, or without gold the built-in reference of the embedded
// document with the same text. It returns the totals.
func Evaluate(ctx context.Context, names []string, gold string, stdin io.Reader, fn func(EvalScore) error) (EvalScore, error) {
	total := EvalScore{Name: "total"}
	if gold != "" {
		if fi, err := os.Stat(gold); err != nil {
			var pe *fs.PathError
			if errors.As(err, &pe) {
				err = pe.Err
			}
			return total, fmt.Errorf("--gold %s: %w", gold, err)
		} else if !fi.IsDir() {
			return total, fmt.Errorf("--gold %s: not a directory", gold)
		}
	}
	n, err := normalize.New()
	if err != nil {
		return total, err
	}
	open, names, err := DocumentOpener(ctx, names, stdin)
	if err != nil {
		return total, err
	}
	for _, name := range names {
		doc, err := open(name)
		if err != nil {
			return total, err
		}
		refName := doc.Name
		if name == "-" && gold == "" {
			if refName, err = embeddedTwin(ctx, doc); err != nil {
				return total, err
			}
		}
		ref, err := goldReference(ctx, gold, refName)
		if err != nil {
			return total, err
		}
		res, err := n.Document(ctx, doc.Name, doc.Text)
		if err != nil {
			return total, err
		}
		s := EvalScore{Name: doc.Name, Raw: normalize.Evaluate(ref, doc.Text), Got: normalize.Evaluate(ref, res.Text)}
		total.Raw, total.Got = total.Raw.Add(s.Raw), total.Got.Add(s.Got)
		if err := fn(s); err != nil {
			return total, err
		}
	}
	return total, nil
}

// embeddedTwin returns the name of the embedded document whose text is
// doc's (read from standard input), whose built-in reference then scores it.
func embeddedTwin(ctx context.Context, doc *corpus.Document) (string, error) {
	docs, err := corpus.Embedded(ctx, CorpusOptions())
	if err != nil {
		return "", err
	}
	for _, d := range docs {
		if d.Text == doc.Text {
			return d.Name, nil
		}
	}
	return "", errors.New("-: standard input is no document of the built-in corpus, so it has no built-in reference (give --gold DIR with DIR/stdin.txt)")
}

// goldReference returns the modern reference of document name: the
// built-in one when dir is "", else dir/name.txt.
func goldReference(ctx context.Context, dir, name string) (string, error) {
	if dir == "" {
		ref, ok := normalize.Gold(name)
		if !ok {
			return "", fmt.Errorf("%s: no built-in reference (give --gold DIR with %s.txt)", name, name)
		}
		return ref, nil
	}
	ref, err := corpus.Open(ctx, filepath.Join(dir, name+".txt"), corpus.Options{})
	if err != nil {
		return "", fmt.Errorf("reference for %s: %w", name, err)
	}
	return ref.Text, nil
}
