/// Words that say how a question is asked, not what it is about: "how do I
/// fill a pdf form?" is about filling, PDFs and forms. A query's stop
/// words are not required and do not rank (unless the query has no other
/// word). The one list of them.
enum SearchStopWords {
    static let words: Set<String> = [
        // Articles, conjunctions, prepositions.
        "a", "an", "the", "and", "or", "but", "nor", "if", "then", "else", "so", "than", "of", "to", "in", "on", "at",
        "by", "for", "with", "without", "from", "into", "onto", "about", "as", "via", "per", "up", "out", "over",
        // Pronouns and determiners.
        "i", "me", "my", "mine", "we", "us", "our", "ours", "you", "your", "yours", "he", "him", "his", "she", "her",
        "it", "its", "they", "them", "their", "this", "that", "these", "those", "some", "any", "each", "every",
        "there", "here", "such", "own", "other", "another",
        // Question words.
        "what", "which", "who", "whom", "whose", "when", "where", "why", "how", "whether",
        // Auxiliary and modal verbs.
        "is", "are", "was", "were", "be", "been", "being", "am", "do", "does", "did", "doing", "done", "have", "has",
        "had", "having", "can", "could", "should", "would", "will", "shall", "may", "might", "must",
        // The fillers of a request.
        "please", "want", "wanna", "need", "needs", "like", "just", "also", "very", "really", "too", "not", "no",
        "let", "lets", "something", "someone", "thing", "things", "way", "ways", "one",
        // What is left of a contraction once its apostrophe splits it (I'd, don't, we're).
        "s", "d", "ll", "m", "re", "ve", "t",
    ]

    /// Whether a term is only a stop word: one word, not quoted, not a prefix.
    static func isStopWord(_ term: SearchQuery.Term) -> Bool {
        !term.quoted && !term.prefix && words.contains(term.text)
    }
}
