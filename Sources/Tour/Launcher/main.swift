// `swift run tour`: runs the tour (Sources/Tour/Steps) when the package is built with every trait; built with the
// default traits, it builds and runs itself again with every trait on, in a build folder of its own.

import Foundation

#if Commands && DurableStreamsWebhooks
import TourSteps

if #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) {
    try await Tour.run()
} else {
    print("The tour needs macOS 14, iOS 17, tvOS 17 or watchOS 10 (ClerkKit's minimum).")
    exit(1)
}
#else
exit(AllTraitsLauncher.run(arguments: Array(CommandLine.arguments.dropFirst())))
#endif
