// Package interop holds the independent-reader tests of pasyans's datasets:
// it writes datasets through the real reports writers and reads them back
// with DuckDB (read_parquet with hive_partitioning, parquet_kv_metadata,
// parquet_metadata) and with Arrow's IPC reader. It is a nested module so
// that the main module stays pure Go: DuckDB needs cgo and a large
// prebuilt library. Run it with "make interop" (cd interop && go test ./...).
package interop
