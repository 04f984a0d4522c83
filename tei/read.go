package tei

import (
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"strings"
)

// Reading selects the text PlainText gives back.
type Reading int

// Readings of a TEI document.
const (
	// Modern takes reg and corr of every choice: the normalizer's text.
	Modern Reading = iota
	// Original takes orig and sic: the OCR text.
	Original
)

// PlainText reads a TEI document written by Write and returns the text of
// its body in the chosen reading: lb is a line break (type="vertical-tab"
// a vertical tab), pb type="form-feed" a form feed, other milestones
// nothing; the newline characters of the markup are ignored, every other
// character is the text's. For a document written by Write from text T
// normalized to M, the Modern reading is M and the Original reading T,
// byte for byte.
func PlainText(r io.Reader, reading Reading) (string, error) {
	dec := xml.NewDecoder(r)
	skip := map[string]bool{"orig": true, "sic": true}
	if reading == Original {
		skip = map[string]bool{"reg": true, "corr": true}
	}
	var (
		b       strings.Builder
		inBody  bool
		sawBody bool
		skipped int // depth inside a skipped element
	)
	for {
		tok, err := dec.Token()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return "", fmt.Errorf("tei: %w", err)
		}
		switch t := tok.(type) {
		case xml.StartElement:
			if t.Name.Space != Namespace {
				continue
			}
			switch {
			case t.Name.Local == "body":
				inBody, sawBody = true, true
			case !inBody:
			case skipped > 0 || skip[t.Name.Local]:
				skipped++
			case t.Name.Local == "lb":
				if attr(t, "type") == "vertical-tab" {
					b.WriteByte('\v')
				} else {
					b.WriteByte('\n')
				}
			case t.Name.Local == "pb" && attr(t, "type") == "form-feed":
				b.WriteByte('\f')
			}
		case xml.EndElement:
			switch {
			case t.Name.Space == Namespace && t.Name.Local == "body":
				inBody = false
			case inBody && skipped > 0:
				skipped--
			}
		case xml.CharData:
			if inBody && skipped == 0 {
				b.WriteString(strings.ReplaceAll(string(t), "\n", ""))
			}
		}
	}
	if !sawBody {
		return "", errors.New("tei: no TEI body")
	}
	return b.String(), nil
}

// attr returns the value of the attribute name of t ("" if absent).
func attr(t xml.StartElement, name string) string {
	for _, a := range t.Attr {
		if a.Name.Local == name && a.Name.Space == "" {
			return a.Value
		}
	}
	return ""
}
