package dynamo

import (
	"context"
	"errors"
	"net"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"gpuadvisor/store"
)

// explain turns a DynamoDB failure whose cause is known into a
// *store.FaultError wrapping it: throttled and timed out (retrying can
// help), credentials refused, the table missing. Anything else is returned
// as it is.
func (st *Store) explain(err error) error {
	if err == nil || errors.Is(err, errCondition) {
		return err
	}
	problem := problemOf(err)
	if problem == "" {
		return err
	}
	return &store.FaultError{Problem: problem, Path: st.table, Err: err}
}

func problemOf(err error) store.Problem {
	var (
		pte *types.ProvisionedThroughputExceededException
		rle *types.RequestLimitExceeded
		rnf *types.ResourceNotFoundException
		ne  net.Error
		api interface{ ErrorCode() string } // smithy.APIError
	)
	switch {
	case errors.As(err, &pte), errors.As(err, &rle):
		return store.Throttled
	case errors.As(err, &rnf):
		return store.NoTable
	case errors.Is(err, context.DeadlineExceeded), errors.As(err, &ne) && ne.Timeout():
		return store.Timeout
	case errors.As(err, &api):
		switch api.ErrorCode() {
		case "ThrottlingException", "Throttling", "TooManyRequestsException":
			return store.Throttled
		case "AccessDeniedException", "UnrecognizedClientException", "InvalidSignatureException", "MissingAuthenticationTokenException":
			return store.Denied
		}
	}
	return ""
}
