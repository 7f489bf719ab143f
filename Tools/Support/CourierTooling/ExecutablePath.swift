#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where the running code lives, and the package's products directory beside it.
public enum ExecutablePath {
    /// The file of the image (executable or bundle) that holds this code: `/proc/self/exe` on Linux, where test
    /// bundles are executables; elsewhere the image `dladdr` names (on macOS, the binary inside the `.xctest`
    /// bundle during tests, the executable in a tool).
    public static var currentImage: String {
        #if os(Linux)
        return "/proc/self/exe".resolvingSymlinks
        #else
        var info = Dl_info()
        guard dladdr(#dsohandle, &info) != 0, let name = info.dli_fname else { return CommandLine.arguments[0] }
        return String(cString: name)
        #endif
    }

    /// The directory holding the package's built products, given the image path: the parent of the enclosing
    /// `.xctest` bundle (`.build/debug/X.xctest/Contents/MacOS/X` → `.build/debug`), else the image's directory.
    public static func productsDirectory(forImage image: String) -> String {
        let components = image.split(separator: "/", omittingEmptySubsequences: false)
        let end = components.firstIndex { $0.hasSuffix(".xctest") } ?? components.index(before: components.endIndex)
        let directory = components[..<end].joined(separator: "/")
        return directory.isEmpty ? (image.hasPrefix("/") ? "/" : ".") : directory
    }
}

extension String {
    /// The path with every symbolic link resolved (`realpath(3)`), or itself if that fails.
    fileprivate var resolvingSymlinks: String {
        guard let resolved = realpath(self, nil) else { return self }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
