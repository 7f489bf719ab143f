#!/usr/bin/env bash
# Regenerates Sources/PlaybackMessages/playback.pb.swift from Schema/playback.proto. Needs protoc (Homebrew:
# `brew install protobuf`; Debian and Ubuntu: `apt-get install protobuf-compiler`); builds protoc-gen-swift from the
# swift-protobuf dependency, so the generated code matches the runtime it links.
set -euo pipefail
cd "$(dirname "$0")"
command -v protoc >/dev/null || { echo "generate.sh: protoc not found"; exit 1; }
swift build --product protoc-gen-swift
protoc --plugin=protoc-gen-swift="$(swift build --show-bin-path)/protoc-gen-swift" --swift_opt=Visibility=Public \
    --swift_out=Sources/PlaybackMessages -I Schema Schema/playback.proto
echo "generate.sh: wrote Sources/PlaybackMessages/playback.pb.swift"
