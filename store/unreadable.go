package store

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"
)

// ErrUnreadable is wrapped by the error for a record a store holds but
// cannot decode (a byte changed on disk, an item edited by hand): reading
// that one record fails with an *UnreadableError, and every read that lists
// records skips it and reports it (Skip), so that one bad record never
// hides the others.
var ErrUnreadable = errors.New("a stored record could not be read")

// Unreadable is one record a store could not decode.
type Unreadable struct {
	// Bucket is the kind of record, named as the bbolt file's bucket:
	// "renewals", "prices", "checks", "trials", "settings", "marks",
	// "dedupe", "due", "drafter_jobs".
	Bucket string `json:"bucket"`
	// Key is the record's key, printable (bbolt's NUL separators as "/";
	// DynamoDB's "pk sk").
	Key string `json:"key"`
	// Error is why it could not be decoded.
	Error string `json:"error"`
	// File is the bbolt file it is in; "" for DynamoDB.
	File string `json:"-"`
}

// UnreadableError is the error for reading one record that does not
// decode. It wraps ErrUnreadable.
type UnreadableError struct {
	Unreadable
	Err error
}

func (e *UnreadableError) Error() string {
	where := ""
	if e.File != "" {
		where = " in " + e.File
	}
	return fmt.Sprintf("%s record %s%s could not be read (%v)", singular(e.Bucket), e.Key, where, e.Err)
}

// Is makes errors.Is(err, ErrUnreadable) true.
func (e *UnreadableError) Is(target error) bool { return target == ErrUnreadable }

func (e *UnreadableError) Unwrap() error { return e.Err }

// NewUnreadable is the error for the record key of bucket (file "" off
// bbolt) that failed to decode with err.
func NewUnreadable(file, bucket, key string, err error) *UnreadableError {
	return &UnreadableError{Unreadable: Unreadable{Bucket: bucket, Key: key, Error: err.Error(), File: file}, Err: err}
}

// PrintKey writes a stored key for people: NUL separators as "/", and
// bytes that are not printable text escaped (a key damaged on disk).
func PrintKey(k []byte) string {
	s := strings.ReplaceAll(string(k), "\x00", "/")
	if !utf8.ValidString(s) || strings.IndexFunc(s, func(r rune) bool { return !unicode.IsPrint(r) }) >= 0 {
		q, _ := json.Marshal(s) // escapes what is not printable
		return string(q)
	}
	return s
}

// Skipped collects the records the reads of one request skipped
// (WithSkipped): a command's reply then says how many could not be read,
// the reminder run names them in its result.
type Skipped struct {
	log  *slog.Logger
	mu   sync.Mutex
	list []Unreadable
	seen map[string]bool
}

type skippedKey struct{}

// WithSkipped returns ctx collecting the records skipped under it, each
// logged once on log (nil: slog.Default()).
func WithSkipped(ctx context.Context, log *slog.Logger) (context.Context, *Skipped) {
	s := &Skipped{log: log, seen: map[string]bool{}}
	return context.WithValue(ctx, skippedKey{}, s), s
}

// Skip reports a record a read left out because it could not be decoded:
// it is logged (once per request, with its key and why) and, under
// WithSkipped, collected. Adapters call it; it returns nothing, for the
// read goes on with the other records.
func Skip(ctx context.Context, e *UnreadableError) {
	s, _ := ctx.Value(skippedKey{}).(*Skipped)
	if s == nil {
		logSkip(slog.Default(), e)
		return
	}
	id := e.Bucket + "\x00" + e.Key
	s.mu.Lock()
	dup := s.seen[id]
	if !dup {
		s.seen[id] = true
		s.list = append(s.list, e.Unreadable)
	}
	s.mu.Unlock()
	if !dup {
		logSkip(s.log, e)
	}
}

func logSkip(log *slog.Logger, e *UnreadableError) {
	if log == nil {
		log = slog.Default()
	}
	attrs := []any{"bucket", e.Bucket, "key", e.Key, "err", e.Err}
	if e.File != "" {
		attrs = append(attrs, "file", e.File)
	}
	log.Error("stored record could not be read; skipped, the others are served", attrs...)
}

// List is what was skipped so far, in the order found.
func (s *Skipped) List() []Unreadable {
	if s == nil {
		return nil
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Unreadable(nil), s.list...)
}

// SkippedWarnings are the reply's lines for what was skipped, one per
// kind of record, in lang ("zh" or "en"): "1 renewal could not be read:
// run `gpuadvisor store check`".
func SkippedWarnings(list []Unreadable, lang string) []string {
	var order []string
	count := map[string]int{}
	file := map[string]bool{}
	for _, u := range list {
		if count[u.Bucket] == 0 {
			order = append(order, u.Bucket)
		}
		count[u.Bucket]++
		file[u.Bucket] = file[u.Bucket] || u.File != ""
	}
	var out []string
	for _, b := range order {
		n := count[b]
		en, many, zh := nouns(b)
		if n != 1 {
			en = many
		}
		if lang == "zh" {
			fix := "请让运维人员查看日志中记录的键"
			if file[b] {
				fix = "请运行 `gpuadvisor store check`"
			}
			out = append(out, fmt.Sprintf("有 %d 条%s无法读取：%s", n, zh, fix))
			continue
		}
		fix := "the operators find its key in the log"
		if n != 1 {
			fix = "the operators find their keys in the log"
		}
		if file[b] {
			fix = "run `gpuadvisor store check`"
		}
		out = append(out, fmt.Sprintf("%d %s could not be read: %s", n, en, fix))
	}
	return out
}

// nouns names one and many records of a bucket in English, and in Chinese.
func nouns(bucket string) (one, many, zh string) {
	switch bucket {
	case "renewals", "due":
		return "renewal", "renewals", "续约"
	case "prices":
		return "price book entry", "price book entries", "价格记录"
	case "checks":
		return "recent check", "recent checks", "检查记录"
	case "trials":
		return "trial check", "trial checks", "实测记录"
	case "settings":
		return "team setting", "team settings", "团队设置"
	case "marks":
		return "reminder mark", "reminder marks", "提醒记录"
	case "dedupe":
		return "de-duplication key", "de-duplication keys", "去重记录"
	case "drafter_jobs":
		return "queued draft", "queued drafts", "排队中的草稿"
	}
	return "stored record", "stored records", "存储记录"
}

// singular is the English noun of one record of bucket.
func singular(bucket string) string {
	one, _, _ := nouns(bucket)
	return one
}

// IsUnreadable reports whether err is about a record that does not decode.
func IsUnreadable(err error) bool { return errors.Is(err, ErrUnreadable) }
