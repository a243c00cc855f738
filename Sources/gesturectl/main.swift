import DismissKit
