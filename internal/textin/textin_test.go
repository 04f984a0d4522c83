package textin

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"
	"testing"
	"testing/iotest"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/charmap"
	xunicode "golang.org/x/text/encoding/unicode"
	"golang.org/x/text/unicode/norm"
)

const prose = "Берутъ изъ колоды туза и кладутъ его посрединѣ, передъ собою; затѣмъ раскладываютъ восемь картъ.\r\n" +
	"Пустыя мѣста въ крыльяхъ слѣдуетъ немедленно же закрывать.\r\n"

// readAll decodes data with a reader that hands out one byte at a time, so
// every rune and every CRLF is split across reads.
func readAll(t *testing.T, data []byte, maxLine int) (string, string, error) {
	t.Helper()
	r, err := NewReader(context.Background(), iotest.OneByteReader(bytes.NewReader(data)), maxLine)
	if err != nil {
		return "", "", err
	}
	out, err := io.ReadAll(iotest.OneByteReader(r))
	return string(out), r.Encoding(), err
}

func TestEncodings(t *testing.T) {
	want := strings.ReplaceAll(prose, "\r\n", "\n")
	enc := func(e encoding.Encoding) []byte {
		b, err := e.NewEncoder().Bytes([]byte(prose))
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	oldStyle := strings.NewReplacer("ѣ", "е").Replace(prose) // 8-bit tables have no yat
	legacy := func(cm *charmap.Charmap) []byte {
		b, err := cm.NewEncoder().Bytes([]byte(oldStyle))
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	for _, c := range []struct {
		name, enc string
		data      []byte
		text      string
	}{
		{"utf8", EncUTF8, []byte(prose), want},
		{"utf8 bom", EncUTF8BOM, append([]byte{0xEF, 0xBB, 0xBF}, prose...), want},
		{"utf16le bom", EncUTF16LE, enc(xunicode.UTF16(xunicode.LittleEndian, xunicode.UseBOM)), want},
		{"utf16be bom", EncUTF16BE, enc(xunicode.UTF16(xunicode.BigEndian, xunicode.UseBOM)), want},
		{"utf16le", EncUTF16LENoBOM, enc(xunicode.UTF16(xunicode.LittleEndian, xunicode.IgnoreBOM)), want},
		{"utf16be", EncUTF16BENoBOM, enc(xunicode.UTF16(xunicode.BigEndian, xunicode.IgnoreBOM)), want},
		{"cp1251", EncWindows1251, legacy(charmap.Windows1251), strings.ReplaceAll(oldStyle, "\r\n", "\n")},
		{"koi8r", EncKOI8R, legacy(charmap.KOI8R), strings.ReplaceAll(oldStyle, "\r\n", "\n")},
	} {
		text, got, err := readAll(t, c.data, 0)
		if err != nil || got != c.enc || text != c.text {
			t.Errorf("%s: encoding %q, err %v, text %q; want %q", c.name, got, err, text, c.enc)
		}
	}
}

func TestRefused(t *testing.T) {
	long := strings.Repeat("слово ", 50)
	for _, c := range []struct {
		name    string
		data    string
		maxLine int
		want    error
		detail  string
	}{
		{"nul", "Берутъ изъ колоды\x00туза и кладутъ его посрединѣ", 0, ErrBinary, "NUL byte at offset 32; not UTF-16 text either"},
		{"zeros", string(make([]byte, 1000)), 0, ErrBinary, "NUL byte at offset 0"},
		{"control", prose + "\x01" + prose, 0, ErrBinary, "control character U+0001 at line 3"},
		{"c1 control", prose + "\u0085" + prose, 0, ErrBinary, "control character U+0085 at line 3"},
		{"latin1", "Le caf\xe9 est ferm\xe9 aujourd'hui, il faut attendre demain matin.", 0, ErrEncoding, "invalid UTF-8 at byte 6"},
		{"late invalid", strings.Repeat(prose, 700) + "\xff", 0, ErrEncoding, "invalid UTF-8 at byte"},
		{"long line", long + "\n" + long + long + "\n", 1000, ErrLineTooLong, "line 2 is longer than 1000 bytes"},
	} {
		_, _, err := readAll(t, []byte(c.data), c.maxLine)
		if !errors.Is(err, c.want) || !strings.Contains(err.Error(), c.detail) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%s: err = %v, want %v (%s)", c.name, err, c.want, c.detail)
		}
	}
	// Not refused by the reader: empty input, English; CheckProse does.
	for _, s := range []string{"", " \n\t", "This is plain English text, not Cyrillic prose at all."} {
		text, _, err := readAll(t, []byte(s), 0)
		if err != nil || text != s {
			t.Errorf("%q: %q, %v", s, text, err)
		}
		if err := CheckProse(text); !errors.Is(err, ErrEmpty) && !errors.Is(err, ErrNotProse) {
			t.Errorf("CheckProse(%q) = %v", s, err)
		}
	}
	if err := CheckProse(prose); err != nil {
		t.Errorf("CheckProse(prose) = %v", err)
	}
}

// TestUTF16NoBOMNotProse: a sample with NUL bytes that is no Cyrillic text
// in either byte order stays binary data.
func TestUTF16NoBOMNotProse(t *testing.T) {
	data, err := xunicode.UTF16(xunicode.LittleEndian, xunicode.IgnoreBOM).NewEncoder().Bytes([]byte("plain English text in UTF-16, which pasyans does not read"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := NewReader(context.Background(), bytes.NewReader(data), 0); !errors.Is(err, ErrBinary) {
		t.Errorf("err = %v, want ErrBinary", err)
	}
}

// TestCancel: a cancelled context stops a reader of an endless input.
func TestCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	r, err := NewReader(ctx, &endless{}, 0)
	if err != nil {
		t.Fatal(err)
	}
	buf := make([]byte, 4096)
	if _, err := r.Read(buf); err != nil {
		t.Fatal(err)
	}
	cancel()
	for i := 0; ; i++ {
		_, err := r.Read(buf)
		if errors.Is(err, context.Canceled) {
			break
		}
		if err != nil || i > 1000 {
			t.Fatalf("read %d: %v, want context.Canceled", i, err)
		}
	}
}

// endless is an input that never ends: the same line over and over.
type endless struct{ pos int }

func (e *endless) Read(p []byte) (int, error) {
	const line = "Берутъ изъ колоды туза.\n"
	for i := range p {
		p[i] = line[e.pos%len(line)]
		e.pos++
	}
	return len(p), nil
}

func BenchmarkRead(b *testing.B) {
	data := bytes.Repeat([]byte(strings.ReplaceAll(prose, "\r\n", "\n")), 10000)
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		r, err := NewReader(context.Background(), bytes.NewReader(data), 0)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := io.Copy(io.Discard, r); err != nil {
			b.Fatal(err)
		}
	}
}

// TestNFCFastPath: the reader's NFC equals norm.NFC on random mixes of the
// runes its fast path copies (ASCII, Cyrillic) and the runes that compose,
// reorder or decompose (combining marks, Hangul jamo, Oriya vowel signs,
// singletons), read in one piece and a byte at a time.
func TestNFCFastPath(t *testing.T) {
	alphabet := []rune("aeiouAEIOU .,;\n\rабвгдеёжзийклмнопрстуфхцчшщъыьэюяАЕИОУЁЙѢѣіІѳѵ" +
		"\u0300\u0301\u0306\u0308\u0327\u0483\u0487\u0488\u1100\u1161\u11a8\uac00\u0b47\u0b3e\u0b57\u212b\u0340\u00c5\u0410\u0306")
	rng := rand.New(rand.NewPCG(7, 11))
	for n := 0; n < 3000; n++ {
		var b strings.Builder
		for k := rng.IntN(40); k > 0; k-- {
			b.WriteRune(alphabet[rng.IntN(len(alphabet))])
		}
		in := b.String()
		want := norm.NFC.String(strings.NewReplacer("\r\n", "\n", "\r", "\n").Replace(in))
		for _, r := range []io.Reader{strings.NewReader(in), iotest.OneByteReader(strings.NewReader(in))} {
			tr, err := NewReader(context.Background(), r, 0)
			if err != nil {
				t.Fatalf("%q: %v", in, err)
			}
			got, err := io.ReadAll(tr)
			if err != nil || string(got) != want {
				t.Fatalf("%q: got %q (%v), want %q", in, got, err, want)
			}
		}
	}
}

// TestReadChecksAgree: Read, which skips over runs of ordinary bytes,
// stops where a byte-by-byte check of the decoded text stops — at the
// first control character or the first byte past the line limit — with
// the same error, whatever the size of the reads.
func TestReadChecksAgree(t *testing.T) {
	pieces := []string{"слово ", "ѣ", "\n", "\t", "é", "\u00a0", "ab", "\x01", "\u0085", "\x7f"}
	rng := rand.New(rand.NewPCG(4, 4))
	for trial := range 400 {
		var sb strings.Builder
		sb.WriteString(strings.Repeat("Берутъ изъ колоды туза. ", 3))
		for range rng.IntN(200) {
			p := pieces[rng.IntN(len(pieces))]
			if strings.ContainsAny(p, "\x01\u0085\x7f") && rng.IntN(8) != 0 {
				continue // a control character now and then
			}
			sb.WriteString(p)
		}
		data := []byte(sb.String())
		maxLine := 80 + rng.IntN(400)
		wantN, wantErr := len(data), ""
		line, lineLen, c2 := 1, 0, false
	scan:
		for i, c := range data {
			if c2 && c >= 0x80 && c < 0xA0 {
				wantN, wantErr = i, fmt.Sprintf("control character %U at line %d, byte %d", rune(c), line, i-1)
				break
			}
			c2 = c == 0xC2
			switch {
			case c == '\n':
				line++
				lineLen = 0
				continue
			case c < 0x20 && c != '\t' && c != '\v' && c != '\f', c == 0x7F:
				wantN, wantErr = i, fmt.Sprintf("control character %U at line %d, byte %d", rune(c), line, i)
				break scan
			}
			if lineLen++; lineLen > maxLine {
				wantN, wantErr = i, fmt.Sprintf("line %d is longer than %d bytes", line, maxLine)
				break
			}
		}
		r, err := NewReader(context.Background(), bytes.NewReader(data), maxLine)
		if err != nil {
			t.Fatalf("trial %d: %v", trial, err)
		}
		var got []byte
		buf := make([]byte, 1+rng.IntN(300))
		for {
			n, err := r.Read(buf)
			got = append(got, buf[:n]...)
			if err != nil {
				if errors.Is(err, io.EOF) {
					err = nil
				}
				if len(got) != wantN || (err == nil) != (wantErr == "") || err != nil && !strings.Contains(err.Error(), wantErr) {
					t.Fatalf("trial %d: read %d bytes, error %v; want %d bytes, error %q", trial, len(got), err, wantN, wantErr)
				}
				break
			}
		}
	}
}
