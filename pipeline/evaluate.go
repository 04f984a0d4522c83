package pipeline

import (
	"context"
	"errors"
	"fmt"
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
// is empty) and scores it against gold/NAME.txt, calling fn per document.
// It returns the totals.
func Evaluate(ctx context.Context, names []string, gold string, fn func(EvalScore) error) (EvalScore, error) {
	total := EvalScore{Name: "total"}
	if fi, err := os.Stat(gold); err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return total, fmt.Errorf("--gold %s: %w", gold, err)
	} else if !fi.IsDir() {
		return total, fmt.Errorf("--gold %s: not a directory", gold)
	}
	n, err := normalize.New()
	if err != nil {
		return total, err
	}
	open, names, err := DocumentOpener(names)
	if err != nil {
		return total, err
	}
	for _, name := range names {
		if err := ctx.Err(); err != nil {
			return total, err
		}
		doc, err := open(name)
		if err != nil {
			return total, err
		}
		ref, err := corpus.Open(filepath.Join(gold, doc.Name+".txt"))
		if err != nil {
			return total, fmt.Errorf("reference for %s: %w", doc.Name, err)
		}
		res := n.Document(doc.Name, doc.Text)
		s := EvalScore{Name: doc.Name, Raw: normalize.Evaluate(ref.Text, doc.Text), Got: normalize.Evaluate(ref.Text, res.Text)}
		total.Raw, total.Got = total.Raw.Add(s.Raw), total.Got.Add(s.Got)
		if err := fn(s); err != nil {
			return total, err
		}
	}
	return total, nil
}
