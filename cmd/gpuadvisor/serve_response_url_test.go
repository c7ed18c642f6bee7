package main

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"syscall"
	"testing"
)

// A response_url is a credential: when posting to it fails, the error (which
// serve logs) names its host only, never its path.
func TestPostResponseURLErrorHidesTheURL(t *testing.T) {
	dead := httptest.NewServer(http.NotFoundHandler())
	hook := dead.URL + "/commands/T0001/1234567890/ZYXWVUTSRQ"
	dead.Close()
	err := postResponseURL(context.Background(), hook, []byte(`{"text":"x"}`))
	if err == nil {
		t.Fatal("posting to a closed port succeeded")
	}
	if strings.Contains(err.Error(), "ZYXWVUTSRQ") {
		t.Errorf("error names the response_url: %v", err)
	}
	if !errors.Is(err, syscall.ECONNREFUSED) {
		t.Errorf("error %v: want it to wrap ECONNREFUSED", err)
	}
}
