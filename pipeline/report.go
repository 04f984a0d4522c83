package pipeline

import (
	"context"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/pasyans/pasyans/internal/outfile"
	"github.com/pasyans/pasyans/reports"
)

// ReportOptions describe "pasyans report".
type ReportOptions struct {
	// Dir is the results folder; HTML, if set, the HTML page to write.
	Dir, HTML string
	// Verify first checks Dir against its shard manifests and fails when
	// it is not one complete run.
	Verify bool
	// Curves are strength-curve datasets (scripts/plannercurve --data)
	// drawn in the HTML page's "Strength against budget" section.
	Curves []string
	// Out receives the Markdown report, Log the notes.
	Out, Log io.Writer
}

// Report prints the Markdown report of a results folder and, with HTML,
// writes the HTML page with the rules' linked passages. A folder that is
// not one complete run is refused with Verify and warned about without.
func Report(ctx context.Context, o ReportOptions) error {
	if len(o.Curves) > 0 && o.HTML == "" {
		return fmt.Errorf("--curve needs --html: the strength curves are drawn in the HTML page")
	}
	var curves []reports.Curve // read first: a bad file stops the report before it prints
	for _, path := range o.Curves {
		// A Parquet file is read from its end: a FIFO or a terminal
		// cannot be (and would wait for a writer).
		if fi, err := os.Stat(path); err == nil && !fi.Mode().IsRegular() {
			return fmt.Errorf("--curve %s: not a regular file (a Parquet file is read by random access)", path)
		}
		c, err := reports.ReadCurve(path)
		if err != nil {
			return err
		}
		curves = append(curves, c)
	}
	if o.Verify {
		v, err := reports.Verify(ctx, o.Dir)
		if err != nil {
			return err
		}
		if !v.Complete {
			return fmt.Errorf("%s: not a complete run: %s", o.Dir, strings.Join(v.Problems, "; "))
		}
		fmt.Fprintf(o.Log, "report: verified %d shard(s): %d files, %d rows (results and moves)\n", v.Shards, v.Files, v.Rows)
	} else if warn, err := FolderWarning(ctx, o.Dir); err != nil {
		return err
	} else if warn != "" {
		fmt.Fprintf(o.Log, "report: %s\n", warn)
	}
	s, err := reports.Summarize(ctx, o.Dir)
	if err != nil {
		return err
	}
	if err := reports.WriteMarkdown(o.Out, s); err != nil {
		return err
	}
	if o.HTML == "" {
		return nil
	}
	rules, err := RuleRows(ctx)
	if err != nil {
		fmt.Fprintf(o.Log, "report: rule texts from the catalog only: %v\n", err)
	}
	err = outfile.WriteFile(ctx, o.HTML, outfile.Options{Stdout: o.Out}, func(w io.Writer) error {
		return reports.WriteHTML(w, s, reports.HTMLOptions{Rules: rules, Curves: curves})
	})
	if err != nil {
		return flagError("--html", err)
	}
	fmt.Fprintf(o.Log, "report: wrote %s\n", o.HTML)
	return nil
}
