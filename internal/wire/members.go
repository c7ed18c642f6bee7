package wire

import (
	"gpuadvisor/chat"
	"gpuadvisor/commands/renewal"
)

// Members picks, from a poster map, the posters that can tell whether the
// bot may post in a conversation (Slack, Feishu): `renewal add` asks them.
func Members(posters map[string]chat.Poster) map[string]renewal.MemberChecker {
	m := map[string]renewal.MemberChecker{}
	for platform, p := range posters {
		if mc, ok := p.(renewal.MemberChecker); ok {
			m[platform] = mc
		}
	}
	return m
}
