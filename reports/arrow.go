package reports

import (
	"fmt"
	"os"
	"reflect"
	"strings"

	"github.com/apache/arrow/go/v17/arrow"
	"github.com/apache/arrow/go/v17/arrow/array"
	"github.com/apache/arrow/go/v17/arrow/ipc"
	"github.com/apache/arrow/go/v17/arrow/memory"
)

// arrowBatch is the number of rows per Arrow record batch.
const arrowBatch = 65536

// column is one top-level column of a dataset struct: its Go field index and
// Arrow field, derived from the field's parquet tag so that the Parquet and
// Arrow files of a dataset have the same column names and types.
type column struct {
	index int
	field arrow.Field
}

// arrowSchemaOf returns the Arrow schema of the dataset struct type t,
// built from the parquet tags: strings (also named string types) → utf8,
// bool → bool, int32/int64/uint64/float64 → the same Arrow types, []string
// → list<utf8>, slices of structs → list<struct>. Fields tagged "-" (the
// partition keys) are left out.
func arrowSchemaOf(t reflect.Type, kv [][2]string) (*arrow.Schema, error) {
	cols, err := columnsOf(t)
	if err != nil {
		return nil, err
	}
	fields := make([]arrow.Field, len(cols))
	for i, c := range cols {
		fields[i] = c.field
	}
	keys, vals := make([]string, len(kv)), make([]string, len(kv))
	for i, p := range kv {
		keys[i], vals[i] = p[0], p[1]
	}
	md := arrow.NewMetadata(keys, vals)
	return arrow.NewSchema(fields, &md), nil
}

// columnsOf derives the columns of struct type t.
func columnsOf(t reflect.Type) ([]column, error) {
	if t.Kind() != reflect.Struct {
		return nil, fmt.Errorf("arrow schema: %s is not a struct", t)
	}
	var cols []column
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		name, _, _ := strings.Cut(f.Tag.Get("parquet"), ",")
		if name == "-" || !f.IsExported() {
			continue
		}
		if name == "" {
			name = f.Name
		}
		dt, err := arrowType(f.Type)
		if err != nil {
			return nil, fmt.Errorf("arrow schema: %s.%s: %w", t.Name(), f.Name, err)
		}
		cols = append(cols, column{index: i, field: arrow.Field{Name: name, Type: dt}})
	}
	return cols, nil
}

func arrowType(t reflect.Type) (arrow.DataType, error) {
	switch t.Kind() {
	case reflect.String:
		return arrow.BinaryTypes.String, nil
	case reflect.Bool:
		return arrow.FixedWidthTypes.Boolean, nil
	case reflect.Int32:
		return arrow.PrimitiveTypes.Int32, nil
	case reflect.Int64:
		return arrow.PrimitiveTypes.Int64, nil
	case reflect.Uint64:
		return arrow.PrimitiveTypes.Uint64, nil
	case reflect.Float64:
		return arrow.PrimitiveTypes.Float64, nil
	case reflect.Slice:
		et := t.Elem()
		if et.Kind() == reflect.Struct {
			cols, err := columnsOf(et)
			if err != nil {
				return nil, err
			}
			fs := make([]arrow.Field, len(cols))
			for i, c := range cols {
				fs[i] = c.field
			}
			return arrow.ListOfField(arrow.Field{Name: "element", Type: arrow.StructOf(fs...)}), nil
		}
		inner, err := arrowType(et)
		if err != nil {
			return nil, err
		}
		return arrow.ListOfField(arrow.Field{Name: "element", Type: inner}), nil
	}
	return nil, fmt.Errorf("unsupported type %s", t)
}

// appendValue appends the Go value v to builder b (of the type arrowType
// gave v's type).
func appendValue(b array.Builder, v reflect.Value) {
	switch b := b.(type) {
	case *array.StringBuilder:
		b.Append(v.String())
	case *array.BooleanBuilder:
		b.Append(v.Bool())
	case *array.Int32Builder:
		b.Append(int32(v.Int()))
	case *array.Int64Builder:
		b.Append(v.Int())
	case *array.Uint64Builder:
		b.Append(v.Uint())
	case *array.Float64Builder:
		b.Append(v.Float())
	case *array.ListBuilder:
		b.Append(true)
		vb := b.ValueBuilder()
		for i := 0; i < v.Len(); i++ {
			appendValue(vb, v.Index(i))
		}
	case *array.StructBuilder:
		b.Append(true)
		cols, _ := columnsOf(v.Type()) // the type was checked by columnsOf before
		for i, c := range cols {
			appendValue(b.FieldBuilder(i), v.Field(c.index))
		}
	default:
		panic(fmt.Sprintf("reports: no Arrow append for %T", b))
	}
}

// arrowFile writes rows of T to an Arrow IPC file (record batches
// compressed with zstd, lz4 or not at all) atomically.
type arrowFile[T any] struct {
	a    *AtomicFile
	w    *ipc.FileWriter
	b    *array.RecordBuilder
	cols []column
	rows int64
}

// createArrow starts an Arrow IPC file at final whose schema metadata is kv
// (plus KeyArrowCompression), with bodies compressed as compression
// (ArrowZstd, ArrowLZ4, ArrowNone; "" for ArrowZstd).
func createArrow[T any](final string, kv [][2]string, compression string) (*arrowFile[T], error) {
	opts := []ipc.Option{ipc.WithAllocator(memory.DefaultAllocator)}
	switch compression {
	case ArrowZstd, "":
		compression = ArrowZstd
		opts = append(opts, ipc.WithZstd())
	case ArrowLZ4:
		opts = append(opts, ipc.WithLZ4())
	case ArrowNone:
	default:
		return nil, fmt.Errorf("arrow %s: compression %q: want zstd, lz4 or none", final, compression)
	}
	kv = append(kv[:len(kv):len(kv)], [2]string{KeyArrowCompression, compression})
	t := reflect.TypeFor[T]()
	schema, err := arrowSchemaOf(t, kv)
	if err != nil {
		return nil, err
	}
	cols, _ := columnsOf(t)
	a, err := CreateAtomic(final)
	if err != nil {
		return nil, err
	}
	w, err := ipc.NewFileWriter(a, append(opts, ipc.WithSchema(schema))...)
	if err != nil {
		a.Abort()
		return nil, fmt.Errorf("arrow %s: %w", final, err)
	}
	return &arrowFile[T]{a: a, w: w, b: array.NewRecordBuilder(memory.DefaultAllocator, schema), cols: cols}, nil
}

// Write appends rows, flushing a record batch every arrowBatch rows.
func (f *arrowFile[T]) Write(rows []T) error {
	for i := range rows {
		v := reflect.ValueOf(&rows[i]).Elem()
		for j, c := range f.cols {
			appendValue(f.b.Field(j), v.Field(c.index))
		}
		f.rows++
		if f.b.Field(0).Len() >= arrowBatch {
			if err := f.flush(); err != nil {
				return err
			}
		}
	}
	return nil
}

func (f *arrowFile[T]) flush() error {
	if len(f.cols) == 0 || f.b.Field(0).Len() == 0 {
		return nil
	}
	rec := f.b.NewRecord()
	defer rec.Release()
	if err := f.w.Write(rec); err != nil {
		if f.a.werr != nil {
			return f.a.werr
		}
		return fmt.Errorf("arrow %s: %w", f.a.final, err)
	}
	return nil
}

// Commit writes the last batch and the footer and renames the file.
func (f *arrowFile[T]) Commit() error {
	defer f.b.Release()
	if err := f.flush(); err != nil {
		f.w.Close()
		f.a.Abort()
		return err
	}
	if err := f.w.Close(); err != nil {
		f.a.Abort()
		if f.a.werr != nil {
			return f.a.werr
		}
		return fmt.Errorf("arrow %s: %w", f.a.final, err)
	}
	return f.a.Commit()
}

// Abort drops the file.
func (f *arrowFile[T]) Abort() {
	f.w.Close()
	f.b.Release()
	f.a.Abort()
}

// ArrowMetadata returns the schema metadata of the Arrow IPC file at path.
func ArrowMetadata(path string) (map[string]string, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fileError(path, "open", err)
	}
	defer f.Close()
	r, err := ipc.NewFileReader(f)
	if err != nil {
		return nil, fmt.Errorf("%s: not a valid Arrow IPC file: %w", path, err)
	}
	defer r.Close()
	md := r.Schema().Metadata()
	out := make(map[string]string, md.Len())
	for i, k := range md.Keys() {
		out[k] = md.Values()[i]
	}
	return out, nil
}
