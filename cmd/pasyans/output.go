package main

import (
	"encoding/json"
	"fmt"
	"io"
)

// writeJSON prints v to w as indented JSON followed by a newline, for the
// --json output of any command.
func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return fmt.Errorf("writing JSON: %w", err)
	}
	return nil
}
