extension Ci {
    /// The CI system running this process, read from its variables in `environment` (GitHub Actions, GitLab CI,
    /// Jenkins, CircleCI, Buildkite, Bitbucket Pipelines), as Cucumber's `meta` carries it; nil outside them. A
    /// repository address loses the user and password it may carry (GitLab puts a job token there).
    public static func detect(environment: [String: String]) -> Ci? {
        func value(_ name: String) -> String? {
            guard let text = environment[name], !text.isEmpty else { return nil }
            return text
        }
        func git(remote: String?, revision: String?, branch: String?, tag: String?) -> Git? {
            guard let remote, let revision else { return nil }
            return Git(remote: withoutCredentials(remote), revision: revision, branch: branch, tag: tag)
        }
        if let server = value("GITHUB_SERVER_URL"), let repository = value("GITHUB_REPOSITORY") {
            let runId = value("GITHUB_RUN_ID")
            let reference = value("GITHUB_REF") ?? ""
            let name = value("GITHUB_REF_NAME")
            return Ci(
                name: "GitHub Actions", url: runId.map { "\(server)/\(repository)/actions/runs/\($0)" },
                buildNumber: runId,
                git: git(
                    remote: "\(server)/\(repository).git", revision: value("GITHUB_SHA"),
                    branch: value("GITHUB_HEAD_REF") ?? (reference.hasPrefix("refs/heads/") ? name : nil),
                    tag: reference.hasPrefix("refs/tags/") ? name : nil))
        }
        if value("GITLAB_CI") != nil {
            return Ci(
                name: "GitLab", url: value("CI_PIPELINE_URL") ?? value("CI_JOB_URL"), buildNumber: value("CI_JOB_ID"),
                git: git(
                    remote: value("CI_REPOSITORY_URL"), revision: value("CI_COMMIT_SHA"),
                    branch: value("CI_COMMIT_BRANCH"), tag: value("CI_COMMIT_TAG")))
        }
        if value("JENKINS_URL") != nil, let build = value("BUILD_URL") {
            return Ci(
                name: "Jenkins", url: build, buildNumber: value("BUILD_NUMBER"),
                git: git(
                    remote: value("GIT_URL"), revision: value("GIT_COMMIT"),
                    branch: value("GIT_LOCAL_BRANCH") ?? value("GIT_BRANCH"), tag: nil))
        }
        if value("CIRCLECI") != nil {
            return Ci(
                name: "CircleCI", url: value("CIRCLE_BUILD_URL"), buildNumber: value("CIRCLE_BUILD_NUM"),
                git: git(
                    remote: value("CIRCLE_REPOSITORY_URL"), revision: value("CIRCLE_SHA1"),
                    branch: value("CIRCLE_BRANCH"), tag: value("CIRCLE_TAG")))
        }
        if value("BUILDKITE") != nil {
            return Ci(
                name: "Buildkite", url: value("BUILDKITE_BUILD_URL"), buildNumber: value("BUILDKITE_BUILD_NUMBER"),
                git: git(
                    remote: value("BUILDKITE_REPO"), revision: value("BUILDKITE_COMMIT"),
                    branch: value("BUILDKITE_BRANCH"), tag: value("BUILDKITE_TAG")))
        }
        if let build = value("BITBUCKET_BUILD_NUMBER") {
            let origin = value("BITBUCKET_GIT_HTTP_ORIGIN")
            return Ci(
                name: "Bitbucket Pipelines", url: origin.map { "\($0)/addon/pipelines/home#!/results/\(build)" },
                buildNumber: build,
                git: git(
                    remote: origin ?? value("BITBUCKET_GIT_SSH_ORIGIN"), revision: value("BITBUCKET_COMMIT"),
                    branch: value("BITBUCKET_BRANCH"), tag: value("BITBUCKET_TAG")))
        }
        return nil
    }

    /// `address` without the `user:password@` of a `scheme://` address.
    package static func withoutCredentials(_ address: String) -> String {
        guard let schemeEnd = address.range(of: "://") else { return address }
        let rest = address[schemeEnd.upperBound...]
        let authorityEnd = rest.firstIndex(of: "/") ?? rest.endIndex
        guard let at = rest[..<authorityEnd].lastIndex(of: "@") else { return address }
        return String(address[..<schemeEnd.upperBound]) + rest[rest.index(after: at)...]
    }
}
