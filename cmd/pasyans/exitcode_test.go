package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"strings"
	"syscall"
	"testing"
)

// TestExitCodeClassification checks the exit code of failures whose text
// resembles one of cobra's usage errors: only cobra's own messages (which
// start with the phrase) are usage errors.
func TestExitCodeClassification(t *testing.T) {
	for _, c := range []struct {
		err  error
		want int
	}{
		{errors.New(`unknown command "x" for "pasyans"`), exitUsage},
		{errors.New(`accepts 1 arg(s), received 0`), exitUsage},
		{errors.New(`invalid argument "x" for "--width" flag`), exitUsage},
		{usagef("--out is required"), exitUsage},
		{fmt.Errorf("out.txt: write: %w", syscall.EINVAL), exitFailure},
		{errors.New("scan.txt: the game requires at least two decks"), exitFailure},
		{context.Canceled, exitInterrupted},
	} {
		var stderr bytes.Buffer
		if got := exitCode(context.Background(), "tournament", c.err, &stderr); got != c.want {
			t.Errorf("%q: exit %d, want %d", c.err, got, c.want)
		}
		if !strings.HasPrefix(stderr.String(), "pasyans: ") || strings.Count(stderr.String(), "\n") != 1 {
			t.Errorf("%q: stderr %q, want one line starting with \"pasyans: \"", c.err, stderr.String())
		}
	}
}
