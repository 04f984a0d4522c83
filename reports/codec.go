package reports

import (
	"fmt"
	"sync"

	"github.com/klauspost/compress/zstd"
	"github.com/parquet-go/parquet-go/compress"
	"github.com/parquet-go/parquet-go/format"
)

// zstdWindow is the zstd window of the page encoder. Parquet pages are at
// most a few hundred KiB before compression, so a 1 MiB window loses
// nothing and keeps each encoder small.
const zstdWindow = 1 << 20

// zstdCodec is the Parquet zstd codec of one writer (level "default", about
// zstd level 3). Unlike parquet-go's zstd.Codec, whose encoder pool belongs
// to one codec value, all the files of a ResultsWriter share it, so a
// tournament writing dozens of partitions at once keeps a handful of
// encoders instead of one per column per file, and the encoders use a small
// window. It is safe for concurrent use.
type zstdCodec struct {
	enc sync.Pool // *zstd.Encoder
	dec sync.Pool // *zstd.Decoder
}

var _ compress.Codec = (*zstdCodec)(nil)

// String returns "ZSTD".
func (c *zstdCodec) String() string { return "ZSTD" }

// CompressionCodec returns format.Zstd.
func (c *zstdCodec) CompressionCodec() format.CompressionCodec { return format.Zstd }

// Encode compresses src into dst[:0] as one zstd frame.
func (c *zstdCodec) Encode(dst, src []byte) ([]byte, error) {
	e, _ := c.enc.Get().(*zstd.Encoder)
	if e == nil {
		var err error
		e, err = zstd.NewWriter(nil,
			zstd.WithEncoderLevel(zstd.SpeedDefault),
			zstd.WithEncoderConcurrency(1),
			zstd.WithWindowSize(zstdWindow),
			zstd.WithLowerEncoderMem(true),
			zstd.WithZeroFrames(true),
			zstd.WithEncoderCRC(false),
		)
		if err != nil {
			return nil, fmt.Errorf("zstd encoder: %w", err)
		}
	}
	out := e.EncodeAll(src, dst[:0])
	c.enc.Put(e)
	return out, nil
}

// Decode decompresses src into dst[:0].
func (c *zstdCodec) Decode(dst, src []byte) ([]byte, error) {
	d, _ := c.dec.Get().(*zstd.Decoder)
	if d == nil {
		var err error
		d, err = zstd.NewReader(nil, zstd.WithDecoderConcurrency(1))
		if err != nil {
			return nil, fmt.Errorf("zstd decoder: %w", err)
		}
	}
	out, err := d.DecodeAll(src, dst[:0])
	c.dec.Put(d)
	return out, err
}
