# syntax=docker/dockerfile:1
#
# The bridgereport command in a small image, for the sharded exact
# enumeration on a cluster (docs/cluster.md) or any run without a Go
# toolchain:
#
#   docker build -t registry.example.org/bridgereport:v1 .
#   docker run --rm registry.example.org/bridgereport:v1 simulate --model bussemaker mitchell:7,switch=2
#
# Stage 1 builds a static binary (CGO_ENABLED=0: no C library needed at run
# time); the module download is its own layer, so a change of source does
# not download the modules again. The golang image's version follows the go
# line of go.mod.
FROM golang:1.26-bookworm AS build
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
# -trimpath: no build paths in the binary; -s -w: no symbol tables.
RUN CGO_ENABLED=0 GOOS=linux go build -trimpath -ldflags="-s -w" -o /out/bridgereport ./cmd/bridgereport

# Stage 2: distroless static, which holds CA certificates, /etc/passwd and
# tzdata but no shell or package manager, and runs as the unprivileged user
# nonroot (uid 65532). The templates, the movement library and the chart
# script are embedded in the binary, so nothing else is copied.
FROM gcr.io/distroless/static-debian12:nonroot
COPY --from=build /out/bridgereport /usr/local/bin/bridgereport
USER nonroot:nonroot
WORKDIR /work
ENTRYPOINT ["/usr/local/bin/bridgereport"]
CMD ["--help"]
