;; feed-specs lsp for the .feature files of a Swift package, in Emacs with eglot (built in from Emacs 29; Emacs 28:
;; the elpa-eglot package or M-x package-install RET eglot). In init.el:
(unless (fboundp 'feature-mode)            ; a major mode for .feature files, unless one is installed
  (define-derived-mode feature-mode text-mode "Feature"))
(add-to-list 'auto-mode-alist '("\\.feature\\'" . feature-mode))
(with-eval-after-load 'eglot
  (add-to-list 'eglot-server-programs
               `(feature-mode
                 . ,(lambda (&rest _)     ; the package's own build, wherever it is cloned
                      (let ((root (locate-dominating-file default-directory "Package.swift")))
                        (list (expand-file-name ".build/release/feed-specs" root) "lsp"))))))
(add-hook 'feature-mode-hook #'eglot-ensure)
;; Keys: M-. definition, M-? references, C-h . hover, C-M-i completion (eglot binds them through xref, eldoc
;; and completion-at-point); these for the rest:
(with-eval-after-load 'eglot
  (define-key eglot-mode-map (kbd "C-c a") #'eglot-code-actions)
  (define-key eglot-mode-map (kbd "C-c r") #'eglot-rename)
  (define-key eglot-mode-map (kbd "C-c f") #'eglot-format-buffer))
