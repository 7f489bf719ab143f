// The Courier tour: a short, end-to-end run of every library on embedded defaults.
print("Courier tour")
