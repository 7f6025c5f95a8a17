/// The sandbox's loading animation: a bodymovin file lottie-ios plays (one shape layer, three dots turning
/// once a second at 30 fps), small enough for a loading icon.
enum LoadingAnimation {
    static let json = """
        {"v":"5.7.4","fr":30,"ip":0,"op":30,"w":120,"h":120,"nm":"Sandbox loader","ddd":0,"assets":[],"layers":[\
        {"ddd":0,"ind":1,"ty":4,"nm":"dots","sr":1,"ao":0,"ip":0,"op":30,"st":0,"bm":0,\
        "ks":{"o":{"a":0,"k":100},"r":{"a":1,"k":[{"t":0,"s":[0],"i":{"x":[0.4],"y":[1]},"o":{"x":[0.6],"y":[0]}},{"t":30,"s":[360]}]},\
        "p":{"a":0,"k":[60,60,0]},"a":{"a":0,"k":[0,0,0]},"s":{"a":0,"k":[100,100,100]}},\
        "shapes":[\(dot(x: 0, y: -36)),\(dot(x: 31, y: 18)),\(dot(x: -31, y: 18))]}]}
        """

    static func dot(x: Int, y: Int) -> String {
        """
        {"ty":"gr","nm":"dot","it":[{"ty":"el","nm":"circle","d":1,"p":{"a":0,"k":[\(x),\(y)]},"s":{"a":0,"k":[22,22]}},\
        {"ty":"fl","nm":"fill","c":{"a":0,"k":[0.902,0.235,0.314,1]},"o":{"a":0,"k":100},"r":1},\
        {"ty":"tr","p":{"a":0,"k":[0,0]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0},"o":{"a":0,"k":100}}]}
        """
    }
}
