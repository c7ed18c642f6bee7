package quote

import "gpuadvisor/chat"

// saves is Command.Writes for quote: a call writes when it keeps the prices
// (save=yes), read the way run reads them. A call whose input run refuses
// writes nothing.
func (d Deps) saves(c *chat.Call) bool {
	in := &input{}
	if c.Req.Attachment != "" && parseYAML(c.Lang, c.Req.Attachment, in) != nil {
		return false
	}
	parseTokens(c.Lang, c.Args.Tokens, in)
	if in.fatal != nil {
		return false
	}
	sv, err := takeSave(c.Lang, in)
	return err == nil && sv.save
}
