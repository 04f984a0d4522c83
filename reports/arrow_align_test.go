package reports

import (
	"encoding/binary"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// fbTable is a position in a flatbuffer: just enough of the format to read
// the Arrow IPC footer and record batch messages without Arrow's internal
// generated code.
type fbTable struct {
	buf []byte
	pos int
}

func fbRoot(buf []byte) fbTable {
	return fbTable{buf, int(binary.LittleEndian.Uint32(buf))}
}

// field returns the position of field i of the table (0 if absent).
func (t fbTable) field(i int) int {
	vt := t.pos - int(int32(binary.LittleEndian.Uint32(t.buf[t.pos:])))
	if 4+2*i >= int(binary.LittleEndian.Uint16(t.buf[vt:])) {
		return 0
	}
	off := int(binary.LittleEndian.Uint16(t.buf[vt+4+2*i:]))
	if off == 0 {
		return 0
	}
	return t.pos + off
}

// table returns the table that field i points to.
func (t fbTable) table(i int) (fbTable, bool) {
	p := t.field(i)
	if p == 0 {
		return fbTable{}, false
	}
	return fbTable{t.buf, p + int(binary.LittleEndian.Uint32(t.buf[p:]))}, true
}

// vector returns the start and length of the vector of field i.
func (t fbTable) vector(i int) (start, n int) {
	p := t.field(i)
	if p == 0 {
		return 0, 0
	}
	v := p + int(binary.LittleEndian.Uint32(t.buf[p:]))
	return v + 4, int(binary.LittleEndian.Uint32(t.buf[v:]))
}

// arrowBodies returns, for each record batch of the Arrow IPC file, the
// position of its body in the file and the (offset, length) of each
// buffer in the body, and whether the batch is compressed.
func arrowBodies(t *testing.T, path string) (bodies []int64, buffers [][][2]int64, compressed []bool) {
	// Each buffer must lie inside its body (bodyLength of the Block): a
	// check that the footer and messages were read right.
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(string(data), "ARROW1") || !strings.HasSuffix(string(data), "ARROW1") {
		t.Fatalf("%s: not an Arrow IPC file", path)
	}
	flen := int(binary.LittleEndian.Uint32(data[len(data)-10:]))
	footer := fbRoot(data[len(data)-10-flen : len(data)-10])
	start, n := footer.vector(3) // Footer.recordBatches: Block structs of 24 bytes
	for i := 0; i < n; i++ {
		b := footer.buf[start+24*i:]
		off := int64(binary.LittleEndian.Uint64(b))
		metaLen := int64(int32(binary.LittleEndian.Uint32(b[8:])))
		msgBuf := data[off+8 : off+metaLen] // after the continuation marker and length
		msg := fbRoot(msgBuf)
		rb, ok := msg.table(2) // Message.header: the RecordBatch
		if !ok {
			t.Fatalf("%s: block %d has no record batch header", path, i)
		}
		_, hasCompression := rb.table(3)
		bs, nb := rb.vector(2) // RecordBatch.buffers: Buffer structs of 16 bytes
		bodyLen := int64(binary.LittleEndian.Uint64(b[16:]))
		var bufs [][2]int64
		for j := 0; j < nb; j++ {
			e := rb.buf[bs+16*j:]
			buf := [2]int64{int64(binary.LittleEndian.Uint64(e)), int64(binary.LittleEndian.Uint64(e[8:]))}
			if buf[0] < 0 || buf[1] < 0 || buf[0]+buf[1] > bodyLen {
				t.Fatalf("%s: block %d buffer %d [%d, +%d) outside the body of %d bytes", path, i, j, buf[0], buf[1], bodyLen)
			}
			bufs = append(bufs, buf)
		}
		if nb < 10 {
			t.Fatalf("%s: block %d: only %d buffers", path, i, nb)
		}
		bodies = append(bodies, off+metaLen)
		buffers = append(buffers, bufs)
		compressed = append(compressed, hasCompression)
	}
	return bodies, buffers, compressed
}

// TestArrowBodyAlignment checks that every record batch body of our Arrow
// IPC files starts at a multiple of 8 in the file and every buffer in it
// (compressed or not) at a multiple of 8 in the body, as the Arrow format
// requires, for each body compression; and that compressed buffers carry
// their 8-byte uncompressed-length prefix (-1 for data stored as is).
func TestArrowBodyAlignment(t *testing.T) {
	rows := make([]RuleRow, 3001)
	for i := range rows {
		rows[i] = RuleRow{
			Game: "shah", RuleID: fmt.Sprintf("shah/%d", i), Kind: "numbered", Number: strings.Repeat("I", i%7),
			Summary: strings.Repeat("x", i%13), Terms: make([]string, i%3), SourceBlocks: []string{"d#1"}[:i%2],
			TextModern: strings.Repeat("текст ", i%5), LinkScore: float64(i) / 7,
		}
	}
	blocks := make([]BlockRow, 777)
	for i := range blocks {
		blocks[i] = BlockRow{Document: "d", Block: int32(i), StartByte: int64(i * 3), EndLine: int32(i % 5), Original: strings.Repeat("ъ", i%11), LinkScore: 0.5}
	}
	for _, c := range ArrowCompressions {
		dir := t.TempDir()
		meta := Metadata{ArrowCompression: c}
		p1, err := ExportTable(dir, DatasetRules, FormatArrow, rows, meta)
		if err != nil {
			t.Fatal(err)
		}
		p2, err := ExportTable(dir, DatasetCorpusBlocks, FormatArrow, blocks, meta)
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range []string{p1, p2} {
			checkArrowAlignment(t, c, p)
		}
	}
}

func checkArrowAlignment(t *testing.T, compression, path string) {
	t.Helper()
	data, _ := os.ReadFile(path)
	bodies, buffers, compressed := arrowBodies(t, path)
	if len(bodies) == 0 {
		t.Fatalf("%s: no record batches", path)
	}
	name := compression + "/" + filepath.Base(path)
	for i, body := range bodies {
		if body%8 != 0 {
			t.Errorf("%s: batch %d: body at byte %d, not a multiple of 8", name, i, body)
		}
		if compressed[i] != (compression != ArrowNone) {
			t.Errorf("%s: batch %d: compressed %v", name, i, compressed[i])
		}
		for j, b := range buffers[i] {
			if b[0]%8 != 0 {
				t.Errorf("%s: batch %d buffer %d at body offset %d, not a multiple of 8", name, i, j, b[0])
			}
			if compressed[i] && b[1] > 0 {
				if b[1] < 8 {
					t.Errorf("%s: batch %d buffer %d: %d bytes, shorter than its length prefix", name, i, j, b[1])
					continue
				}
				if n := int64(binary.LittleEndian.Uint64(data[body+b[0]:])); n < -1 {
					t.Errorf("%s: batch %d buffer %d: uncompressed length %d", name, i, j, n)
				}
			}
		}
	}
	md, err := ArrowMetadata(path)
	if err != nil || md[KeyArrowCompression] != compression {
		t.Errorf("%s: %s %q (%v)", name, KeyArrowCompression, md[KeyArrowCompression], err)
	}
}
