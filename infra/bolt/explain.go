package bolt

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/user"
	"path/filepath"
	"strconv"
	"syscall"

	"gpuadvisor/store"
)

// explain finds out the cause of err on the store file path and returns it
// as a *store.FaultError wrapping err (read-only file and whose it is, disk
// full and how much is free, which process holds the lock, a missing
// directory); any other error is returned as it is.
func explain(path string, err error) error {
	if err == nil {
		return nil
	}
	var fe *store.FaultError
	if errors.As(err, &fe) {
		return err
	}
	switch {
	case errors.Is(err, syscall.ENOSPC) || errors.Is(err, syscall.EDQUOT):
		return &store.FaultError{Problem: store.DiskFull, Path: path, Free: freeBytes(filepath.Dir(path)), Err: err}
	case errors.Is(err, syscall.EROFS):
		return &store.FaultError{Problem: store.ReadOnly, Path: path, FileSystemRO: true, Err: err}
	case errors.Is(err, fs.ErrPermission):
		fe := &store.FaultError{Problem: store.ReadOnly, Path: path, Need: "write", User: whoami(), Err: err}
		target := path
		if _, serr := os.Stat(path); serr != nil {
			target = filepath.Dir(path) // the file is not there: the directory refused
			fe.Path = target
		}
		if f, oerr := os.Open(target); oerr != nil {
			fe.Need = "read"
		} else {
			f.Close()
		}
		if fi, serr := os.Stat(target); serr == nil {
			fe.Mode = fi.Mode().String()
			fe.Owner = ownerOf(fi)
		}
		return fe
	case errors.Is(err, ErrLocked):
		return &store.FaultError{Problem: store.Locked, Path: path, Holder: holder(path), Err: err}
	case errors.Is(err, fs.ErrNotExist):
		if _, serr := os.Stat(filepath.Dir(path)); errors.Is(serr, fs.ErrNotExist) {
			return &store.FaultError{Problem: store.NoDirectory, Path: path, Err: err}
		}
	}
	return err
}

// whoami names the user the process runs as: "bob (uid 1002)".
func whoami() string { return userName(strconv.Itoa(os.Getuid())) }

func userName(uid string) string {
	if uid == "-1" {
		return ""
	}
	if u, err := user.LookupId(uid); err == nil {
		return fmt.Sprintf("%s (uid %s)", u.Username, uid)
	}
	return "uid " + uid
}
