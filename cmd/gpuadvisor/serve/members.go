package serve

import (
	"gpuadvisor/commands/renewal"
	"gpuadvisor/infra/feishu"
	"gpuadvisor/infra/slack"
)

// members are the membership checks `renewal add` makes under serve, with
// the same credentials the posters use.
func (s *server) members() map[string]renewal.MemberChecker {
	m := map[string]renewal.MemberChecker{}
	if c := s.cfg.Slack; c.On {
		m["slack"] = slack.NewPoster(c.BotToken, c.APIURL, nil)
	}
	if c := s.cfg.Feishu; c.On {
		m[feishu.Platform] = feishu.NewClient(c.Config, s.log, nil)
	}
	return m
}
