# gpuadvisor serve as an always-on service: the whole bot in one small image, for a host
# with no inbound endpoint (Feishu long connection and Slack Socket Mode dial out), an ECS
# task or a VM in mainland China. The store is the embedded bbolt file on the /data volume.
#
#   docker build -t gpuadvisor .
#   docker run -d --name gpuadvisor --restart unless-stopped -v gpuadvisor-data:/data \
#     --env-file gpuadvisor.env gpuadvisor
#
# gpuadvisor.env holds FEISHU_APP_ID, FEISHU_APP_SECRET, FEISHU_VERIFICATION_TOKEN,
# FEISHU_ENCRYPT_KEY and/or SLACK_SIGNING_SECRET, SLACK_BOT_TOKEN, SLACK_APP_TOKEN (and
# OPENAI_* for LLM drafts); keep it readable by you only (chmod 600). docs/deploy.md has more.

FROM golang:1.26 AS build
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
# build: the same command deploy/container_test.go runs (keep the two the same)
# -tags dynamo: serve --store dynamo (several hosts on one DynamoDB table) is in this build
RUN CGO_ENABLED=0 go build -tags dynamo -trimpath -ldflags="-s -w" -o /out/gpuadvisor ./cmd/gpuadvisor

# distroless static: CA certificates and tzdata (Asia/Shanghai for the reminder), no shell,
# runs as the unprivileged user nonroot (65532).
FROM gcr.io/distroless/static-debian12:nonroot
COPY --from=build /out/gpuadvisor /usr/local/bin/gpuadvisor
ENV GPUADVISOR_DB=/data/gpuadvisor.db
VOLUME ["/data"]
USER nonroot:nonroot
EXPOSE 8080
# serve drains in-flight requests and drafts on SIGTERM within --grace
STOPSIGNAL SIGTERM
HEALTHCHECK NONE
ENTRYPOINT ["/usr/local/bin/gpuadvisor"]
# Feishu over its long connection; for Slack over Socket Mode add "--slack-socket" (and
# SLACK_APP_TOKEN), e.g. docker run … gpuadvisor serve --addr 0.0.0.0:8080 --slack-socket
CMD ["serve", "--addr", "0.0.0.0:8080", "--feishu-ws"]
