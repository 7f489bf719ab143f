import CourierTooling
import Foundation
import Testing

@Suite("Executable path")
struct ExecutablePathTests {
    @Test(
        "The products directory is the one holding the test bundle, or the executable's own",
        arguments: [
            ("/repo/.build/debug/CourierPackageTests.xctest/Contents/MacOS/CourierPackageTests", "/repo/.build/debug"),
            (
                "/repo/.build/x86_64-unknown-linux-gnu/debug/CourierPackageTests.xctest",
                "/repo/.build/x86_64-unknown-linux-gnu/debug"
            ),
            ("/repo/.build/release/durable-streams-benchmark", "/repo/.build/release"),
            ("/tour", "/"),
            ("tour", "."),
        ])
    func productsDirectory(image: String, expected: String) {
        #expect(ExecutablePath.productsDirectory(forImage: image) == expected)
    }

    @available(OS2022, *)
    @Test("This process's image is a file, in the products directory that holds the package's test bundle")
    func currentImage() {
        let image = ExecutablePath.currentImage
        let directory = ExecutablePath.productsDirectory(forImage: image)
        #expect(FileManager.default.fileExists(atPath: image), "\(image)")
        #expect(FileManager.default.fileExists(atPath: directory + "/CourierPackageTests.xctest"), "\(directory)")
        #expect(ChildProcess.productsDirectory.path == directory)
    }
}
