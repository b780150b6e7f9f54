;; feed-specs lsp for the .feature files of a Swift package, in Emacs with eglot (built in from Emacs 29; Emacs 28:
;; the elpa-eglot package or M-x package-install RET eglot). In init.el:
(unless (fboundp 'feature-mode)            ; a major mode for .feature files, unless one is installed
  (define-derived-mode feature-mode text-mode "Feature"))
(add-to-list 'auto-mode-alist '("\\.feature\\'" . feature-mode))
(with-eval-after-load 'eglot
  (add-to-list 'eglot-server-programs
               `(feature-mode
                 . ,(lambda (&rest _)     ; the package's own build, wherever it is cloned
                      (let* ((root (locate-dominating-file default-directory "Package.swift"))
                             (binary (expand-file-name ".build/release/feed-specs" root)))
                        (unless (file-executable-p binary)
                          (user-error "feed-specs: no server at %s. Build it in %s with: swift build -c release --product feed-specs"
                                      binary root))
                        (list binary "lsp"))))))
(add-hook 'feature-mode-hook #'eglot-ensure)
(defun feed-specs-run-at-point ()
  "Run the scenario (or examples row) at point; above the first scenario, the whole feature."
  (interactive)
  (let ((file (buffer-file-name)))
    (eglot-execute-command (eglot--current-server-or-lose) 'speckit.run
                           (vector (if (fboundp 'eglot-path-to-uri) (eglot-path-to-uri file) (eglot--path-to-uri file))
                                   (1- (line-number-at-pos))))))
;; Keys: M-. definition, M-? references, C-h . hover (eglot binds them through xref and eldoc); these for the rest:
(add-hook 'feature-mode-hook (lambda () (local-set-key (kbd "C-M-i") #'completion-at-point)))
(with-eval-after-load 'eglot
  (define-key eglot-mode-map (kbd "C-c a") #'eglot-code-actions)
  (define-key eglot-mode-map (kbd "C-c r") #'eglot-rename)
  (define-key eglot-mode-map (kbd "C-c f") #'eglot-format-buffer)
  (define-key eglot-mode-map (kbd "C-c C-r") #'feed-specs-run-at-point)
  (define-key eglot-mode-map (kbd "C-c e") #'flymake-show-buffer-diagnostics)
  ;; Show the Swift code a quick fix or a rename just wrote (eglot before 1.15 cannot be asked to).
  (cl-defmethod eglot-client-capabilities :around (_server)
    (let ((capabilities (cl-call-next-method)))
      (plist-put capabilities :window (plist-put (plist-get capabilities :window) :showDocument '(:support t)))))
  (cl-defmethod eglot-handle-request (_server (_method (eql window/showDocument)) &key uri selection
                                              &allow-other-keys)
    (find-file-other-window (eglot--uri-to-path uri))
    (when selection (goto-char (eglot--lsp-position-to-point (plist-get selection :start))))
    (list :success t)))
