package slack

import (
	"reflect"
	"strconv"
	"sync/atomic"
	"time"

	slackapi "github.com/slack-go/slack"
)

// maxBlockID is Slack's limit on a block_id's length.
const maxBlockID = 255

// blockSerial makes block-id suffixes unique within the process; the start
// time makes them unique across instances.
var (
	blockSerial atomic.Uint64
	blockEpoch  = strconv.FormatInt(time.Now().UnixNano(), 36)
)

// freshBlockIDs gives every block that has a block_id (the buttons'
// ActionsBlockID) a new one, ActionsBlockID + "." + a suffix used once, on
// each message the poster sends or replaces. Slack's Block Kit reference
// asks for it: "block_id should be unique for each message and each
// iteration of a message. If a message is updated, use a new block_id"
// (docs.slack.dev, Block's block_id); a client that sees the old id after
// chat.update or replace_original may keep the old block's state. Render
// keeps the fixed ids (its output is compared with golden files); the
// interaction handler reads the action id, never the block id.
func freshBlockIDs(blocks []slackapi.Block) []slackapi.Block {
	suffix := "." + blockEpoch + strconv.FormatUint(blockSerial.Add(1), 36)
	for _, b := range blocks {
		v := reflect.ValueOf(b)
		if v.Kind() != reflect.Pointer || v.IsNil() || v.Elem().Kind() != reflect.Struct {
			continue
		}
		f := v.Elem().FieldByName("BlockID")
		if !f.IsValid() || f.Kind() != reflect.String || !f.CanSet() || f.String() == "" {
			continue
		}
		id := f.String()
		if len(id)+len(suffix) > maxBlockID {
			id = id[:maxBlockID-len(suffix)]
		}
		f.SetString(id + suffix)
	}
	return blocks
}
