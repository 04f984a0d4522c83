package pipeline

import (
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"
)

// Limits of an error line: a word (a flag value, a path) longer than
// maxWord bytes is cut to its first cutWord bytes, and the whole line to
// maxLine bytes, so that a 100 KB flag value is not echoed in full.
const (
	maxWord = 200
	cutWord = 80
	maxLine = 1000
)

// OneLine folds a message onto a single line of bounded length.
func OneLine(s string) string {
	words := strings.Fields(s)
	for i, w := range words {
		if len(w) > maxWord {
			words[i] = clip(w, cutWord) + fmt.Sprintf("…(%d bytes)", len(w))
		}
	}
	line := strings.Join(words, " ")
	if len(line) > maxLine {
		line = clip(line, maxLine) + "…"
	}
	return line
}

// clip cuts s to at most n bytes at a UTF-8 boundary.
func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}

// sameCause reports whether two errors come from the same underlying
// failure (a full disk fails the write and then the close), so that it is
// reported once.
func sameCause(a, b error) bool {
	ua, ub := rootCause(a), rootCause(b)
	return ua == ub || ua.Error() == ub.Error()
}

// rootCause follows the chain of wrapped errors to its end.
func rootCause(err error) error {
	for {
		u := errors.Unwrap(err)
		if u == nil {
			return err
		}
		err = u
	}
}
