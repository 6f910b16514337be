//===- MainFileVisitor.h - Walks the user's code with context ---*- C++ -*-===//
//
// Part of dpopt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// A RecursiveASTVisitor over the declarations written in the main file (the
// CUDA headers hold thousands of functions dpopt never rewrites), visiting
// template patterns rather than instantiations: the patterns are the text
// dpopt edits. While it walks it keeps the chain of enclosing functions
// (lambdas included) and the chain of enclosing statements, which every
// analysis here needs and clang's parent map would compute for the whole TU.
//
//===----------------------------------------------------------------------===//

#ifndef DPOPT_AST_MAINFILEVISITOR_H
#define DPOPT_AST_MAINFILEVISITOR_H

#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"

#include <vector>

namespace dpopt {

template <typename Derived>
class MainFileVisitor : public clang::RecursiveASTVisitor<Derived> {
  using Base = clang::RecursiveASTVisitor<Derived>;

public:
  explicit MainFileVisitor(const clang::SourceManager &SM) : SM(SM) {}

  bool shouldVisitTemplateInstantiations() const { return false; }
  bool shouldVisitImplicitCode() const { return false; }

  bool TraverseDecl(clang::Decl *D) {
    if (!D)
      return true;
    if (!llvm::isa<clang::TranslationUnitDecl>(D)) {
      clang::SourceLocation Loc = SM.getExpansionLoc(D->getLocation());
      if (Loc.isInvalid() || !SM.isWrittenInMainFile(Loc))
        return true;
    }
    auto *FD = llvm::dyn_cast<clang::FunctionDecl>(D);
    if (FD)
      Functions.push_back(FD);
    bool Result = Base::TraverseDecl(D);
    if (FD)
      Functions.pop_back();
    return Result;
  }

  bool TraverseLambdaExpr(clang::LambdaExpr *LE) {
    Functions.push_back(LE->getCallOperator());
    Lambdas.push_back(LE);
    bool Result = Base::TraverseLambdaExpr(LE);
    Lambdas.pop_back();
    Functions.pop_back();
    return Result;
  }

  // Recursing (no data-recursion queue) keeps Parents exact.
  bool TraverseStmt(clang::Stmt *S,
                    typename Base::DataRecursionQueue * = nullptr) {
    if (!S)
      return true;
    Parents.push_back(S);
    bool Result = Base::TraverseStmt(S, nullptr);
    Parents.pop_back();
    return Result;
  }

protected:
  /// The innermost function being walked (a lambda's call operator inside a
  /// lambda), or null at namespace scope.
  const clang::FunctionDecl *currentFunction() const {
    return Functions.empty() ? nullptr : Functions.back();
  }

  /// The statement enclosing the one being visited, \p Up levels up (0 is
  /// the node being visited itself).
  const clang::Stmt *parentStmt(unsigned Up = 1) const {
    return Up < Parents.size() ? Parents[Parents.size() - 1 - Up] : nullptr;
  }

  const clang::SourceManager &SM;
  std::vector<const clang::FunctionDecl *> Functions;
  std::vector<const clang::LambdaExpr *> Lambdas;
  std::vector<const clang::Stmt *> Parents;
};

} // namespace dpopt

#endif // DPOPT_AST_MAINFILEVISITOR_H
