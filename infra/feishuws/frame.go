package feishuws

import (
	"encoding/binary"
	"errors"
	"fmt"
)

// Frame is one message of the long connection: the pbbp2.Frame protobuf
// (proto2) the Feishu gateway speaks. Fields 1-4 are required and always
// written; headers are key/value pairs.
type Frame struct {
	SeqID           uint64
	LogID           uint64
	Service         int32
	Method          int32 // 0 control (ping/pong), 1 data (event, card)
	Headers         []Header
	PayloadEncoding string
	PayloadType     string
	Payload         []byte
	LogIDNew        string
}

// Header is one frame header.
type Header struct{ Key, Value string }

// Frame methods.
const (
	methodControl = 0
	methodData    = 1
)

// Get returns the value of header key, or "".
func (f *Frame) Get(key string) string {
	for _, h := range f.Headers {
		if h.Key == key {
			return h.Value
		}
	}
	return ""
}

// Marshal encodes the frame.
func (f *Frame) Marshal() []byte {
	var b []byte
	b = appendVarintField(b, 1, f.SeqID)
	b = appendVarintField(b, 2, f.LogID)
	b = appendVarintField(b, 3, uint64(int64(f.Service)))
	b = appendVarintField(b, 4, uint64(int64(f.Method)))
	for _, h := range f.Headers {
		var hb []byte
		hb = appendBytesField(hb, 1, []byte(h.Key))
		hb = appendBytesField(hb, 2, []byte(h.Value))
		b = appendBytesField(b, 5, hb)
	}
	if f.PayloadEncoding != "" {
		b = appendBytesField(b, 6, []byte(f.PayloadEncoding))
	}
	if f.PayloadType != "" {
		b = appendBytesField(b, 7, []byte(f.PayloadType))
	}
	if f.Payload != nil {
		b = appendBytesField(b, 8, f.Payload)
	}
	if f.LogIDNew != "" {
		b = appendBytesField(b, 9, []byte(f.LogIDNew))
	}
	return b
}

// Unmarshal decodes a frame; unknown fields are skipped.
func (f *Frame) Unmarshal(b []byte) error {
	*f = Frame{}
	return walk(b, func(num int, wire int, v uint64, data []byte) error {
		switch num {
		case 1:
			f.SeqID = v
		case 2:
			f.LogID = v
		case 3:
			f.Service = int32(v)
		case 4:
			f.Method = int32(v)
		case 5:
			var h Header
			err := walk(data, func(n, w int, _ uint64, d []byte) error {
				switch n {
				case 1:
					h.Key = string(d)
				case 2:
					h.Value = string(d)
				}
				return nil
			})
			if err != nil {
				return fmt.Errorf("header: %w", err)
			}
			f.Headers = append(f.Headers, h)
		case 6:
			f.PayloadEncoding = string(data)
		case 7:
			f.PayloadType = string(data)
		case 8:
			f.Payload = append([]byte(nil), data...)
		case 9:
			f.LogIDNew = string(data)
		}
		return nil
	})
}

var errTruncated = errors.New("truncated frame")

// walk calls fn for each field of a protobuf message: varints give v, length-
// delimited fields give data. Fixed-width fields are skipped.
func walk(b []byte, fn func(num, wire int, v uint64, data []byte) error) error {
	for len(b) > 0 {
		key, n := binary.Uvarint(b)
		if n <= 0 {
			return errTruncated
		}
		b = b[n:]
		num, wire := int(key>>3), int(key&7)
		if num <= 0 {
			return fmt.Errorf("bad field number %d", num)
		}
		switch wire {
		case 0:
			v, n := binary.Uvarint(b)
			if n <= 0 {
				return errTruncated
			}
			b = b[n:]
			if err := fn(num, wire, v, nil); err != nil {
				return err
			}
		case 2:
			l, n := binary.Uvarint(b)
			if n <= 0 || l > uint64(len(b)-n) {
				return errTruncated
			}
			data := b[n : n+int(l)]
			b = b[n+int(l):]
			if err := fn(num, wire, 0, data); err != nil {
				return err
			}
		case 1:
			if len(b) < 8 {
				return errTruncated
			}
			b = b[8:]
		case 5:
			if len(b) < 4 {
				return errTruncated
			}
			b = b[4:]
		default:
			return fmt.Errorf("unsupported wire type %d", wire)
		}
	}
	return nil
}

func appendVarintField(b []byte, num int, v uint64) []byte {
	b = binary.AppendUvarint(b, uint64(num)<<3) // wire type 0 (varint) in the low three bits
	return binary.AppendUvarint(b, v)
}

func appendBytesField(b []byte, num int, data []byte) []byte {
	b = binary.AppendUvarint(b, uint64(num)<<3|2)
	b = binary.AppendUvarint(b, uint64(len(data)))
	return append(b, data...)
}
